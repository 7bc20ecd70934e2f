// The forecast's sentences: one sentence per figure that the user can check against
// the bills they know. Dates are formatted by the caller (the browser's saved date format), money by default as
// en-US dollars, so the server-computed figures and the demo read alike.
import type { IsoDate } from './dates.js';
import type { ForecastOutflow, ForecastPaycheck, LowBalanceWarning, SafeToSpend } from './forecast.js';
import { formatCents } from './money.js';

export interface ForecastFormat {
  date: (date: IsoDate) => string;
  money?: (cents: number) => string;
}

/** Bills named one by one in a sentence; the rest are summed ('and 3 more bills $240.00'). */
export const FORECAST_SENTENCE_MAX_BILLS = 4;

function joinAnd(parts: readonly string[]): string {
  if (parts.length <= 1) return parts[0] ?? '';
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

function paycheckNames(paychecks: readonly ForecastPaycheck[]): string {
  return joinAnd(paychecks.map((p) => p.source));
}

function billList(bills: readonly ForecastOutflow[], money: (cents: number) => string): string {
  const named = bills.slice(0, FORECAST_SENTENCE_MAX_BILLS).map((b) => `${b.billName} ${money(b.amountCents)}`);
  const rest = bills.slice(FORECAST_SENTENCE_MAX_BILLS);
  if (rest.length > 0) {
    const total = rest.reduce((s, b) => s + b.amountCents, 0);
    named.push(`${rest.length} more ${rest.length === 1 ? 'bill' : 'bills'} ${money(total)}`);
  }
  return joinAnd(named);
}

/**
 * 'From your linked bank balance of $2,140.00, minus Rent $1,450.00 and Phone $60.00 due before your Teaching
 * salary on 12/01/2026: $630.00 safe to spend.' Null for base 'none' (nothing to count from).
 */
export function explainSafeToSpend(safe: SafeToSpend, format: ForecastFormat): string | null {
  const money = format.money ?? formatCents;
  if (safe.amountCents === null || safe.base.kind === 'none') return null;
  let from: string;
  if (safe.base.kind === 'bank') {
    from = `From your linked bank balance of ${money(safe.base.balanceCents)}`;
    if (safe.base.paidSince.length > 0) from += `, less ${money(safe.base.paidSinceCents)} of bills due since it was read`;
  } else {
    const { paychecks, totalCents, paidSince, paidSinceCents } = safe.base;
    from = `From your last paycheck (${paycheckNames(paychecks)} ${money(totalCents)} on ${format.date(paychecks[0]!.date)})`;
    if (paidSince.length > 0) from += `, less ${money(paidSinceCents)} of bills due since then`;
  }
  if (safe.base.owed.length > 0) from += `, less ${money(safe.base.owedCents)} of overdue bills still owed`;
  const until = safe.nextPayday
    ? `before your ${paycheckNames(safe.nextPayday.paychecks)} on ${format.date(safe.nextPayday.date)}`
    : `through ${format.date(safe.untilDate)} (no paycheck expected in that time)`;
  const result =
    safe.amountCents >= 0 ? `${money(safe.amountCents)} safe to spend` : `you are ${money(-safe.amountCents)} short`;
  if (safe.bills.length === 0) return `${from}, with no bills due ${until}: ${result}.`;
  return `${from}, minus ${billList(safe.bills, money)} due ${until}: ${result}.`;
}

function thresholdText(thresholdCents: number, money: (cents: number) => string): string {
  return thresholdCents === 0 ? 'zero' : `your ${money(thresholdCents)} minimum`;
}

/**
 * 'On 12/03/2026 your balance is projected to fall to -$250.00, below zero; at its lowest (12/05/2026) it is
 * $300.00 short.'
 */
export function explainLowBalance(warning: LowBalanceWarning, format: ForecastFormat): string {
  const money = format.money ?? formatCents;
  const below = thresholdText(warning.thresholdCents, money);
  let text = `On ${format.date(warning.date)} your balance is projected to fall to ${money(warning.balanceCents)}, below ${below}`;
  text +=
    warning.lowestDate === warning.date
      ? `: ${money(warning.shortfallCents)} short.`
      : `; at its lowest, on ${format.date(warning.lowestDate)}, it is ${money(warning.shortfallCents)} short.`;
  return text;
}

/** The suggested move, or why there is none. */
export function explainBillMove(warning: LowBalanceWarning, format: ForecastFormat): string {
  const money = format.money ?? formatCents;
  const s = warning.suggestion;
  if (!s && warning.noSuggestion === 'no-bill') {
    return `No bill goes out before then, so moving one would not help: your balance is already below ${thresholdText(warning.thresholdCents, money)}. Consider adding money before then.`;
  }
  if (!s) return 'No paycheck is expected after this within the next 30 days, so moving a bill would not help: consider lowering a bill or adding money before then.';
  const move = `Move ${s.billName} (${money(s.amountCents)}, due ${format.date(s.dueDate)}) from ${format.date(s.fromDate)} to ${format.date(s.toDate)}, when your ${s.paydaySource} arrives`;
  const outcome = s.fixes
    ? `: that keeps your balance at or above ${thresholdText(warning.thresholdCents, money)}.`
    : `: that shrinks the shortfall to ${money(s.remainingShortfallCents)}.`;
  const late = s.afterDueDate ? ' That is after its due date, so ask the biller first.' : '';
  return `${move}${outcome}${late}`;
}
