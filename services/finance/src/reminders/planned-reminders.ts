import { REMINDER_SEND_HOUR, reminderKey, type SendReminderJob } from '@paycadence/contracts';
import { addDays, buildTimeline, daysBetween, type Bill, type IncomeSource, type IsoDate } from '@paycadence/finance-rules';
import type { LocalMoment } from './local-time.js';
import { paidOccurrenceKey } from './paid-occurrences.js';

/** A bill occurrence as a reminder names it. */
export interface DueBill {
  billId: string;
  name: string;
  amountCents: number;
  dueDate: IsoDate;
}

export type ReminderPlan =
  | { job: SendReminderJob & { kind: 'bill-due' }; bill: DueBill; daysLeft: number }
  | {
      job: SendReminderJob & { kind: 'payday' };
      source: string;
      amountCents: number;
      /** Unpaid bills due from payday until the day before the next one, by due date. */
      bills: DueBill[];
      /** The next payday of any income after this one (null: none within PAYDAY_LOOKAHEAD_DAYS). */
      nextPayday: IsoDate | null;
    };

export interface PlanInput {
  userId: string;
  settings: { bills: boolean; income: boolean; daysBefore: number };
  /** The user's wall clock now. */
  local: LocalMoment;
  /** What the user sees on their dashboard (shared household items included). */
  bills: readonly Bill[];
  incomes: readonly IncomeSource[];
  /** paidOccurrenceKey of the occurrences already paid. */
  paid: ReadonlySet<string>;
}

/** Without another payday in sight, a payday e-mail lists the bills of the coming month. */
export const PAYDAY_LOOKAHEAD_DAYS = 31;

/** The days a planner needs the paid occurrences for, from the user's local day. */
export function planWindow(today: IsoDate, daysBefore: number): { from: IsoDate; to: IsoDate } {
  return { from: today, to: addDays(today, Math.max(daysBefore, PAYDAY_LOOKAHEAD_DAYS)) };
}

/**
 * The reminders due now for one user, on their own day, from REMINDER_SEND_HOUR on:
 * - a bill reminder for each unpaid occurrence due in the next `daysBefore` days (so one that was missed because
 *   no worker ran, or a bill added late, still gets its reminder before the due date, never on or after it);
 * - a payday e-mail for each income paying today, listing the unpaid bills due before the next payday (none due:
 *   no e-mail, there is nothing to act on).
 * Which of these were already sent is the delivery ledger's business, not this function's.
 */
export function plannedReminders({ userId, settings, local, bills, incomes, paid }: PlanInput): ReminderPlan[] {
  if (local.hour < REMINDER_SEND_HOUR || (!settings.bills && !settings.income)) return [];
  const today = local.date;
  const window = planWindow(today, settings.daysBefore);
  const items = buildTimeline(bills, incomes, [], window.from, window.to).items;
  const unpaidBills: DueBill[] = items
    .filter((item) => item.kind === 'bill')
    .map((item) => ({ billId: item.key.split(':')[1]!, name: item.name, amountCents: item.amountCents, dueDate: item.date }))
    .filter((bill) => !paid.has(paidOccurrenceKey(bill.billId, bill.dueDate)));
  const plans: ReminderPlan[] = [];

  if (settings.bills) {
    for (const bill of unpaidBills) {
      const daysLeft = daysBetween(today, bill.dueDate);
      if (daysLeft < 1 || daysLeft > settings.daysBefore) continue;
      plans.push({ job: { userId, kind: 'bill-due', itemId: bill.billId, date: bill.dueDate }, bill, daysLeft });
    }
  }

  if (settings.income) {
    const paydays = items.filter((item) => item.kind === 'income');
    const nextPayday = paydays.find((item) => item.date > today)?.date ?? null;
    const until = nextPayday ?? addDays(today, PAYDAY_LOOKAHEAD_DAYS);
    const dueBeforeNext = unpaidBills.filter((bill) => bill.dueDate < until);
    if (dueBeforeNext.length > 0) {
      for (const payday of paydays.filter((item) => item.date === today)) {
        plans.push({
          job: { userId, kind: 'payday', itemId: payday.key.split(':')[1]!, date: today },
          source: payday.name,
          amountCents: payday.amountCents,
          bills: dueBeforeNext,
          nextPayday,
        });
      }
    }
  }
  return plans;
}

/**
 * How far ahead the next reminder day is looked for. With none in that time the user is planned again on its last
 * day (a yearly bill further out is then found in time); a bill reminder is at most 14 days ahead of its bill.
 */
export const NEXT_REMINDER_HORIZON_DAYS = 35;

/**
 * The first day, from the user's `local` moment on, on which a reminder not in `handled` (sent, or queued just
 * now) becomes due at REMINDER_SEND_HOUR; null when none does within NEXT_REMINDER_HORIZON_DAYS. Today counts
 * while it is before the send hour (later today, the plan of now has handled it). The same rule as the sending
 * (plannedReminders) asked day by day, so the moment and the e-mail cannot disagree. `paid` must cover the
 * occurrences up to the horizon plus PAYDAY_LOOKAHEAD_DAYS (nextReminderWindow).
 */
export function nextReminderDay(input: PlanInput & { handled: Pick<ReadonlySet<string>, 'has'> }): IsoDate | null {
  const { local, handled } = input;
  const first = local.hour < REMINDER_SEND_HOUR ? local.date : addDays(local.date, 1);
  for (let day = first; day <= addDays(local.date, NEXT_REMINDER_HORIZON_DAYS); day = addDays(day, 1)) {
    const plans = plannedReminders({ ...input, local: { date: day, hour: REMINDER_SEND_HOUR } });
    if (plans.some((plan) => !handled.has(reminderKey(plan.job)))) return day;
  }
  return null;
}

/** The days nextReminderDay needs the paid occurrences for. */
export function nextReminderWindow(today: IsoDate, daysBefore: number): { from: IsoDate; to: IsoDate } {
  return { from: today, to: planWindow(addDays(today, NEXT_REMINDER_HORIZON_DAYS), daysBefore).to };
}
