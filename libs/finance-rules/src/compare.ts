// Locale-independent ordering, so Node and every browser sort identically.
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
