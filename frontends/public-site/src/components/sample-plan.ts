/** One row of the landing page's sample plan; dates are 'YYYY-MM-DD'. */
export interface SampleRow {
  label: string;
  /** Arrival (paycheck) or suggested pay date (bill). */
  date: string;
  /** A bill's due date; none for a paycheck. */
  dueDate?: string;
  amount: number;
  incoming: boolean;
}

const PAYCHECK = 1850;

/** `today` (local calendar day) plus `days`, as 'YYYY-MM-DD'. Kept here so the landing page does not pull in finance-rules. */
export function addLocalDays(today: Date, days: number): string {
  const date = new Date(Date.UTC(today.getFullYear(), today.getMonth(), today.getDate() + days));
  return date.toISOString().slice(0, 10);
}

/**
 * The sample plan, dated from `today` so it never shows past dates: a paycheck in 2 days (P), the next one at
 * P+14; each bill is paid 3 days after the paycheck that comes before its due date.
 */
export function samplePlan(today: Date): { rows: SampleRow[]; spendable: number } {
  const day = (offset: number) => addLocalDays(today, offset);
  const payday = 2;
  const rows: SampleRow[] = [
    { label: 'Paycheck', date: day(payday), amount: PAYCHECK, incoming: true },
    { label: 'Rent', dueDate: day(payday + 6), date: day(payday + 3), amount: 1100, incoming: false },
    { label: 'Electric', dueDate: day(payday + 13), date: day(payday + 3), amount: 86.4, incoming: false },
    { label: 'Car insurance', dueDate: day(payday + 19), date: day(payday + 17), amount: 132, incoming: false },
  ];
  // Left after the bills paid from this paycheck (the car insurance waits for the next one).
  const spendable = PAYCHECK - 1100 - 86.4;
  return { rows, spendable };
}
