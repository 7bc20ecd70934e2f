import type { DashboardBill, DashboardIncome } from '@paycadence/contracts';
import { buildPaymentSchedule, compareText, type Bill, type IncomeSource, type IncomeSource as RuleIncome, type PaymentSuggestion } from '@paycadence/finance-rules';

type ScheduledBill = Bill & Pick<DashboardBill, 'shared'>;
type ScheduledIncome = IncomeSource & Pick<DashboardIncome, 'shared'>;

/**
 * The Smart Payment Schedule when shared items are in play. Our choice:
 * - a personal bill is paid from the viewer's personal income only (as before households existed);
 * - a shared bill is paid from its household's combined income: the household's shared income sources plus the
 *   viewer's own personal income (a partner's personal pay is theirs, not the viewer's, so it is not used).
 * Each group goes through the rules' buildPaymentSchedule; the merged list keeps the rules' order (suggested
 * date, due date, bill name). Returns null when nothing is shared, so the rules' own schedule stays untouched.
 */
export function householdPaymentSchedule(
  bills: readonly ScheduledBill[],
  incomes: readonly ScheduledIncome[],
  today: string,
): PaymentSuggestion[] | null {
  if (!bills.some((b) => b.shared) && !incomes.some((i) => i.shared)) return null;
  const personalIncome: RuleIncome[] = incomes.filter((i) => !i.shared);
  const groups = new Map<string | null, ScheduledBill[]>();
  for (const bill of bills) {
    const key = bill.shared?.householdId ?? null;
    groups.set(key, [...(groups.get(key) ?? []), bill]);
  }
  const suggestions: PaymentSuggestion[] = [];
  for (const [householdId, groupBills] of groups) {
    const groupIncome = householdId === null ? personalIncome : [...incomes.filter((i) => i.shared?.householdId === householdId), ...personalIncome];
    suggestions.push(...buildPaymentSchedule(groupBills, groupIncome, today));
  }
  return suggestions.sort(
    (a, b) => compareText(a.suggestedDate, b.suggestedDate) || compareText(a.dueDate, b.dueDate) || compareText(a.billName, b.billName),
  );
}
