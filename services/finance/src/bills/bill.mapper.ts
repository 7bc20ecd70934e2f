import { dueDayFlexibilityFor, FIRST_DUE_DAY, LAST_DUE_DAY, type BillCreateInput, type BillUpdateInput, type DashboardBill, type BillDto } from '@paycadence/contracts';
import type { RecurringBillRef, Bill as RuleBill } from '@paycadence/finance-rules';
import { dashboardShared } from '../households/shared-marker.js';
import { dollarsToNumeric, numericToCents, numericToDollars } from '../common/money.js';
import type { SharedInfo } from '../households/household-access.js';
import type { Bill } from './bill.entity.js';

/**
 * The row's API shape: dollars as a number, dates as YYYY-MM-DD; a shared row's marker. `payee`
 * only on a bill that has one, so the answers of bills never linked stay as they were.
 */
export function toBillDto(bill: Bill, shared?: SharedInfo): BillDto {
  return {
    id: bill.id,
    name: bill.name,
    amount: numericToDollars(bill.amount),
    due_date: bill.dueDate,
    priority: bill.priority,
    category: bill.category,
    recurring: bill.recurring,
    created_at: bill.createdAt.toISOString(),
    updated_at: bill.updatedAt.toISOString(),
    ...(bill.payee && { payee: bill.payee }),
    due_day_flexible: dueDayFlexibilityFor(bill.category, bill.dueDayFlexible),
    due_day_min: bill.dueDayMin ?? FIRST_DUE_DAY,
    due_day_max: bill.dueDayMax ?? LAST_DUE_DAY,
    ...(bill.earlierDueDate && bill.dueDateFrom && { earlier_due_date: bill.earlierDueDate, due_date_from: bill.dueDateFrom }),
    ...shared,
  };
}

/**
 * The rules' shape, integer cents; it is also the dashboard answer's bill row (DashboardBill). The payee (bill
 * status matches payments by it) only on a bill that has one, like the other optional fields of the cached answer.
 */
export function toRuleBill(bill: Bill, shared?: SharedInfo): RuleBill & DashboardBill & Pick<RecurringBillRef, 'payee'> {
  return {
    id: bill.id,
    name: bill.name,
    amountCents: numericToCents(bill.amount),
    dueDate: bill.dueDate,
    priority: bill.priority,
    category: bill.category,
    recurring: bill.recurring,
    ...(bill.payee && { payee: bill.payee }),
    // A confirmed due-date change: occurrences before dueDateFrom keep the old series (finance-rules billScheduleOf).
    ...(bill.earlierDueDate && bill.dueDateFrom && { earlierDueDate: bill.earlierDueDate, dueDateFrom: bill.dueDateFrom }),
    // The person's own due-day answer, for the edit form (absent: the category's usual one, any day).
    ...((bill.dueDayFlexible != null || bill.dueDayMin != null || bill.dueDayMax != null) && {
      dueDay: { flexible: bill.dueDayFlexible ?? null, min: bill.dueDayMin ?? null, max: bill.dueDayMax ?? null },
    }),
    ...(shared && { shared: dashboardShared(shared) }),
  };
}

/** Column values for a new row from validated input (defaults already applied by the schema). */
export function billColumns(userId: string, input: BillCreateInput, suggestionId: string | null = null): Partial<Bill> {
  return {
    userId,
    name: input.name,
    amount: dollarsToNumeric(input.amount),
    dueDate: input.due_date,
    priority: input.priority,
    category: input.category,
    recurring: input.recurring,
    householdId: input.household_id ?? null,
    suggestionId,
    dueDayFlexible: input.due_day_flexible ?? null,
    dueDayMin: input.due_day_min ?? null,
    dueDayMax: input.due_day_max ?? null,
  };
}

/** Only the fields sent change (PUT carries any of the POST fields). */
export function applyBillUpdate(bill: Bill, patch: BillUpdateInput): Bill {
  if (patch.name !== undefined) bill.name = patch.name;
  if (patch.amount !== undefined) bill.amount = dollarsToNumeric(patch.amount);
  // A due date or recurrence set by hand starts one series again: the person restates the schedule as it is now.
  if ((patch.due_date !== undefined && patch.due_date !== bill.dueDate) || (patch.recurring !== undefined && patch.recurring !== bill.recurring)) {
    bill.earlierDueDate = null;
    bill.dueDateFrom = null;
  }
  if (patch.due_date !== undefined) bill.dueDate = patch.due_date;
  if (patch.priority !== undefined) bill.priority = patch.priority;
  if (patch.category !== undefined) bill.category = patch.category;
  if (patch.recurring !== undefined) bill.recurring = patch.recurring;
  if (patch.due_day_flexible !== undefined) bill.dueDayFlexible = patch.due_day_flexible;
  if (patch.due_day_min !== undefined) bill.dueDayMin = patch.due_day_min;
  if (patch.due_day_max !== undefined) bill.dueDayMax = patch.due_day_max;
  if (patch.payee !== undefined) bill.payee = patch.payee;
  return bill;
}
