import { pushReminderUrl, type PushReminderPayload } from '@paycadence/contracts';
import { addDays, formatCents } from '@paycadence/finance-rules';
import { createHash } from 'node:crypto';
import { utcOf } from './local-time.js';
import type { DueBill, ReminderPlan } from './planned-reminders.js';
import { inDays, longDate, oneLine } from './reminder-mail.js';

export interface ReminderPush {
  payload: PushReminderPayload;
  /** Seconds until the reminder is stale: a device offline until then never shows it late. */
  ttlSeconds: number;
  urgency: 'normal' | 'high';
}

/** Push services may drop a message with a TTL of 0 at once when the device is asleep; a minute at least. */
const MIN_TTL_SECONDS = 60;

/** What a notification says of a bill: its name, amount and due date, nothing else (a locked screen shows it). */
const billLine = (bill: DueBill) => `${oneLine(bill.name)}: ${formatCents(bill.amountCents)}, due ${longDate(bill.dueDate)}`;

/**
 * The push of one reminder, at `now`, for a user in `timeZone`.
 * - Payload: a title, the bill's name, amount and date, and the page to open. Nothing about income, balances or
 *   accounts: a notification shows on a locked screen.
 * - TTL: until the reminder is stale, the end of the bill's due day (the payday's, for a payday) in the user's zone.
 * - Urgency: 'high' when a bill is due today or tomorrow (no later day to act on; a phone saving battery still
 *   wakes for it), 'normal' before. A payday reminder follows its earliest bill.
 */
export function reminderPush(plan: ReminderPlan, now: Date, timeZone: string): ReminderPush {
  if ('bill' in plan) {
    return {
      payload: { title: `Bill due ${inDays(plan.daysLeft)}`, body: billLine(plan.bill), url: pushReminderUrl(plan.bill.billId) },
      ttlSeconds: secondsUntil(utcOf(addDays(plan.bill.dueDate, 1), 0, timeZone), now),
      urgency: plan.daysLeft <= 1 ? 'high' : 'normal',
    };
  }
  const [first, ...rest] = plan.bills;
  const count = plan.bills.length;
  return {
    payload: {
      title: `Payday: ${count} ${count === 1 ? 'bill' : 'bills'} to pay`,
      body: first ? billLine(first) + (rest.length > 0 ? ` (and ${rest.length} more)` : '') : '',
      url: pushReminderUrl(),
    },
    ttlSeconds: secondsUntil(utcOf(addDays(plan.job.date, 1), 0, timeZone), now),
    urgency: first && first.dueDate <= addDays(plan.job.date, 1) ? 'high' : 'normal',
  };
}

function secondsUntil(staleAt: Date, now: Date): number {
  return Math.max(MIN_TTL_SECONDS, Math.floor((staleAt.getTime() - now.getTime()) / 1000));
}

/**
 * The push Topic of one reminder (32 base64url characters, RFC 8030 §5.4): a resend of the same reminder (a worker
 * that stopped after the push service took it, before its ledger row committed) replaces the first one while it
 * still waits at the push service instead of arriving twice. A hash, so the push service learns no ids.
 */
export const pushTopic = (reminderKey: string): string => createHash('sha256').update(reminderKey).digest('base64url').slice(0, 32);
