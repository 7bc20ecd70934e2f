/**
 * Amount clusters: one recurring charge keeps its amount within a tolerance (7.5% either side of the
 * cluster's middle). Sorted amounts are cut wherever the next one is more than the tolerance above the
 * previous (single linkage); a cluster spread wider than ±tolerance is spending noise, not one charge.
 */
export const AMOUNT_TOLERANCE = 0.075;

export interface AmountCluster<T> {
  readonly members: readonly T[];
  /** max / min − 1 of the members' amounts. */
  readonly spread: number;
}

export function clusterByAmount<T>(
  items: readonly T[],
  amountOf: (item: T) => number,
  tolerance = AMOUNT_TOLERANCE,
): AmountCluster<T>[] {
  const sorted = [...items].sort((left, right) => amountOf(left) - amountOf(right));
  const clusters: AmountCluster<T>[] = [];
  let current: T[] = [];
  const close = () => {
    if (current.length === 0) return;
    clusters.push({
      members: current,
      spread: amountOf(current[current.length - 1]) / amountOf(current[0]) - 1,
    });
    current = [];
  };
  for (const item of sorted) {
    const previous = current[current.length - 1];
    if (previous !== undefined && amountOf(item) > amountOf(previous) * (1 + tolerance)) close();
    current.push(item);
  }
  close();
  return clusters;
}

/** Whether every amount is within the tolerance of the middle of the range (one charge, slightly varying). */
export function isSteadyAmount(spread: number, tolerance = AMOUNT_TOLERANCE): boolean {
  return spread <= (2 * tolerance) / (1 - tolerance);
}

/**
 * A price change: the amount held one value at least twice running, then moved to another and stayed there
 * (Spotify 10.99 → 11.99). Metered bills that differ every month are not a price change.
 */
export function hasPriceChange(amounts: readonly number[]): boolean {
  let changeAt = -1;
  for (let index = amounts.length - 1; index > 0; index -= 1) {
    if (amounts[index] !== amounts[index - 1]) {
      changeAt = index;
      break;
    }
  }
  return changeAt >= 2 && amounts[changeAt - 1] === amounts[changeAt - 2];
}
