import type { CalendarBill, CalendarMember, CalendarPayday, HouseholdCalendarResponse, Membership } from '@paycadence/contracts';
import {
  addDays,
  compareIsoDates,
  compareText,
  daysBetween,
  INCOME_MATCH_MAX_DAYS,
  occurrencesBetween,
  projectIncome,
  suggestPayment,
  type IsoDate,
  type PaymentSuggestion,
} from '@paycadence/finance-rules';
import { householdPaymentSchedule } from '../dashboard/household-schedule.js';
import { FORMER_MEMBER_NAME } from '../households/household-access.js';
import type { toRuleBill } from '../bills/bill.mapper.js';
import type { toRuleIncome } from '../income/income.mapper.js';

/** A shared row in the rules' shape, with who added it (whose bill, whose paycheck). */
export type CalendarBillRow = ReturnType<typeof toRuleBill> & { addedBy: string };
export type CalendarIncomeRow = ReturnType<typeof toRuleIncome> & { addedBy: string };

export interface HouseholdCalendarInput {
  membership: Membership;
  bills: readonly CalendarBillRow[];
  incomes: readonly CalendarIncomeRow[];
  today: IsoDate;
  from: IsoDate;
  to: IsoDate;
}

/**
 * One calendar for a household: the occurrences of its shared bills and the paydays of the incomes shared with it
 * in [from, to], as the personal calendar shows them (an item starts on the date entered for it), and for each
 * bill occurrence the paycheck that covers it.
 *
 * The covering paycheck comes from the dashboard's household schedule (householdPaymentSchedule) run on the
 * household's shared items alone: a member's personal pay is theirs, and leaving it out gives every member the
 * same answer. Occurrences that schedule does not reach (it plans a fixed number of occurrences from today, and
 * none before today) get the same rule for that one occurrence; one already past is planned as of the start of
 * its paycheck window, so it shows the paycheck that was meant to cover it.
 */
export function buildHouseholdCalendar({ membership, bills, incomes, today, from, to }: HouseholdCalendarInput): HouseholdCalendarResponse {
  const memberOf = (id: string): CalendarMember => ({ id, name: membership.members.find((member) => member.id === id)?.name ?? FORMER_MEMBER_NAME });
  const incomeOwner = new Map(incomes.map((income) => [income.id, income.addedBy]));

  const paydays: CalendarPayday[] = projectIncome(incomes, from, daysBetween(from, to)).map((pay) => ({
    key: `payday:${pay.incomeId}:${pay.date}`,
    date: pay.date,
    income_id: pay.incomeId,
    source: pay.source,
    amount_cents: pay.amountCents,
    member: memberOf(incomeOwner.get(pay.incomeId) ?? ''),
  }));

  const schedule = new Map((householdPaymentSchedule(bills, incomes, today) ?? []).map((suggestion) => [suggestion.id, suggestion]));
  // Paychecks that may cover an occurrence the schedule did not plan: up to INCOME_MATCH_MAX_DAYS before it.
  const earlier = projectIncome(incomes, addDays(from, -INCOME_MATCH_MAX_DAYS), daysBetween(from, to) + INCOME_MATCH_MAX_DAYS);

  const billOccurrences: CalendarBill[] = [];
  for (const bill of bills) {
    for (const dueDate of occurrencesBetween(bill.dueDate, bill.recurring, from, to)) {
      if (compareIsoDates(dueDate, bill.dueDate) < 0) continue;
      const occurrence = { billId: bill.id, billName: bill.name, amountCents: bill.amountCents, dueDate, priority: bill.priority, recurring: bill.recurring, category: bill.category };
      const planned =
        schedule.get(`${bill.id}:${dueDate}`) ??
        suggestPayment(occurrence, earlier, compareIsoDates(dueDate, today) < 0 ? addDays(dueDate, -INCOME_MATCH_MAX_DAYS) : today);
      billOccurrences.push(toCalendarBill(bill, dueDate, planned, memberOf, incomeOwner));
    }
  }
  billOccurrences.sort((a, b) => compareIsoDates(a.due_date, b.due_date) || compareText(a.name, b.name));

  return {
    household: { id: membership.householdId, name: membership.name },
    from,
    to,
    today,
    paydays,
    bills: billOccurrences,
    totals: {
      paydays_cents: paydays.reduce((sum, pay) => sum + pay.amount_cents, 0),
      bills_cents: billOccurrences.reduce((sum, bill) => sum + bill.amount_cents, 0),
    },
  };
}

function toCalendarBill(
  bill: CalendarBillRow,
  dueDate: IsoDate,
  planned: PaymentSuggestion,
  memberOf: (id: string) => CalendarMember,
  incomeOwner: ReadonlyMap<string, string>,
): CalendarBill {
  const covered =
    planned.incomeId !== null && planned.incomeDate !== null
      ? {
          income_id: planned.incomeId,
          source: planned.paymentSource ?? '',
          date: planned.incomeDate,
          amount_cents: planned.incomeAmountCents ?? 0,
          member: memberOf(incomeOwner.get(planned.incomeId) ?? ''),
        }
      : null;
  return {
    key: `bill:${bill.id}:${dueDate}`,
    bill_id: bill.id,
    name: bill.name,
    amount_cents: bill.amountCents,
    due_date: dueDate,
    category: bill.category,
    priority: bill.priority,
    added_by: memberOf(bill.addedBy),
    pay_on: planned.suggestedDate,
    covered_by: covered,
    days_after_paycheck: covered ? planned.daysAfterIncome : null,
  };
}
