// Answers shaped like services/finance's, checked against the libs/contracts schemas so a test cannot drift from
// the wire. The figures come from the rules library here only because these are tests standing in for the server.
import {
  DashboardResponseSchema,
  TimelineResponseSchema,
  type DashboardBill,
  type DashboardIncome,
  type DashboardResponse,
  type DashboardSavingsGoal,
  type TimelineItem,
  type TimelineResponse,
} from '@paycadence/contracts';
import { addDays, addMonths, compareIsoDates, computeDashboard, monthlyBillsCents, monthlyIncomeCents, startOfMonth, type IsoDate } from '@paycadence/finance-rules';

export interface FixtureRows {
  bills: DashboardBill[];
  income: DashboardIncome[];
  savingsGoals: DashboardSavingsGoal[];
}

export function fixtureRows(today: IsoDate): FixtureRows {
  const bill = (id: string, name: string, amountCents: number, days: number, priority: DashboardBill['priority'], category: DashboardBill['category'], recurring: DashboardBill['recurring'] = 'monthly'): DashboardBill => ({
    id, name, amountCents, dueDate: addDays(today, days), priority, category, recurring,
  });
  return {
    bills: [
      bill('b1', 'Rent', 145_000, 9, 'high', 'rent'),
      bill('b2', 'Electric', 9_640, 4, 'medium', 'utilities'),
      bill('b3', 'Streaming', 1_599, 2, 'low', 'subscriptions'),
      bill('b4', 'Phone', 6_500, 2, 'medium', 'utilities'),
      bill('b5', 'Gym', 4_000, 2, 'low', 'subscriptions'),
      bill('b6', 'Registration', 18_000, 25, 'low', 'utilities', 'once'),
    ],
    income: [
      { id: 'i1', source: 'Acme Payroll', amountCents: 210_000, frequency: 'biweekly', nextDate: addDays(today, 1) },
      { id: 'i2', source: 'Tutoring', amountCents: 40_000, frequency: 'monthly', nextDate: addDays(today, 6) },
    ],
    savingsGoals: [{ id: 'g1', goalType: 'emergency_fund', currentAmountCents: 250_000, targetAmountCents: null }],
  };
}

export const NO_ROWS: FixtureRows = { bills: [], income: [], savingsGoals: [] };

/** The GET /dashboard-with-insights answer for these rows, day and Later window. */
export function dashboardBody(today: IsoDate, rows: FixtureRows = fixtureRows(today), laterWindowDays = 7): DashboardResponse {
  const d = computeDashboard({ bills: rows.bills, incomes: rows.income, savingsGoals: rows.savingsGoals, today, laterWindowDays });
  const months = Array.from({ length: 6 }, (_, i) => addMonths(startOfMonth(today), i)).map((month) => ({
    month,
    incomeCents: monthlyIncomeCents(rows.income, month),
    billsCents: monthlyBillsCents(rows.bills, month),
  }));
  const window = (w: (typeof d.windows)['later']) => ({
    ...w,
    items: w.items.map((item) =>
      item.kind === 'income'
        ? { kind: 'income' as const, incomeId: item.incomeId, source: item.source, amountCents: item.amountCents, date: item.date }
        : { kind: 'bill' as const, date: item.date, billId: item.billId, billName: item.billName, amountCents: item.amountCents },
    ),
  });
  return DashboardResponseSchema.parse({
    ...d,
    paymentSchedule: d.paymentSchedule.map(({ billId: _billId, ...rest }) => rest),
    windows: { thisWeek: window(d.windows.thisWeek), nextWeek: window(d.windows.nextWeek), later: window(d.windows.later) },
    analytics: { months, billsByCategory: [{ category: 'rent', totalCents: 145_000, count: 1 }] },
    ...rows,
  });
}

/** A GET /timeline answer holding the given items (each row's first date only, which is all these tests need). */
export function timelineBody(from: IsoDate, to: IsoDate, rows: FixtureRows): TimelineResponse {
  const inRange = (date: IsoDate) => compareIsoDates(date, from) >= 0 && compareIsoDates(date, to) <= 0;
  const items: TimelineItem[] = [
    ...rows.income.filter((i) => inRange(i.nextDate)).map((i) => ({ key: `income:${i.id}:${i.nextDate}`, kind: 'income' as const, date: i.nextDate, name: i.source, amountCents: i.amountCents })),
    ...rows.bills.filter((b) => inRange(b.dueDate)).map((b) => ({ key: `bill:${b.id}:${b.dueDate}`, kind: 'bill' as const, date: b.dueDate, name: b.name, amountCents: b.amountCents })),
  ].sort((a, b) => compareIsoDates(a.date, b.date));
  const sum = (kind: TimelineItem['kind']) => items.filter((i) => i.kind === kind).reduce((total, i) => total + i.amountCents, 0);
  const incomeCents = sum('income');
  const billsCents = sum('bill');
  return TimelineResponseSchema.parse({ from, to, items, totals: { incomeCents, billsCents, netCents: incomeCents - billsCents } });
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
