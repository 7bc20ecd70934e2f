import type { BillCategoryValue, DashboardAnalytics } from '@paycadence/contracts';
import { ANALYTICS_MONTHS } from './constants.js';
import { addMonths, startOfMonth, type IsoDate } from './dates.js';
import { monthlyBillAmountCents, monthlyBillsCents, monthlyIncomeCents } from './monthly.js';
import type { Bill, IncomeSource } from './types.js';

/**
 * The Financial Analytics block (docs/product/signed-in.md §2): income against bills for six months from this one, and this
 * month's bills by category, each figure from the rules' monthly normalisation (§9).
 */
export function computeDashboardAnalytics(bills: readonly Bill[], incomes: readonly IncomeSource[], today: IsoDate): DashboardAnalytics {
  const first = startOfMonth(today);
  const months = Array.from({ length: ANALYTICS_MONTHS }, (_, i) => {
    const month = addMonths(first, i);
    return { month, incomeCents: monthlyIncomeCents(incomes, month), billsCents: monthlyBillsCents(bills, month) };
  });

  const byCategory = new Map<BillCategoryValue, { totalCents: number; count: number }>();
  for (const bill of bills) {
    const entry = byCategory.get(bill.category) ?? { totalCents: 0, count: 0 };
    entry.totalCents += monthlyBillAmountCents(bill, today);
    entry.count += 1;
    byCategory.set(bill.category, entry);
  }
  const billsByCategory = [...byCategory.entries()]
    .map(([category, entry]) => ({ category, ...entry }))
    .sort((a, b) => b.totalCents - a.totalCents);
  return { months, billsByCategory };
}
