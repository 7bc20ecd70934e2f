import { PRODUCT_NAME } from '@paycadence/contracts';
import { formatCents, type IsoDate } from '@paycadence/finance-rules';
import { escapeHtml, type MailMessage } from '@paycadence/nest-kit';
import type { DueBill, ReminderPlan } from './planned-reminders.js';

/** Names go into a subject line: no line breaks or other control characters there. */
// eslint-disable-next-line no-control-regex
export const oneLine = (text: string): string => text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** `the 28th`: how people say a due date within the coming weeks. */
export function dayOrdinal(date: IsoDate): string {
  const day = Number(date.slice(8, 10));
  const tens = day % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[day % 10] ?? 'th';
  return `the ${day}${suffix}`;
}

/** `March 28`. */
export const longDate = (date: IsoDate): string => `${MONTHS[Number(date.slice(5, 7)) - 1]} ${Number(date.slice(8, 10))}`;

export const inDays = (days: number): string => (days === 1 ? 'tomorrow' : `in ${days} days`);

export interface ReminderMailInput {
  to: string;
  /** The greeting's name (auth's first name, else the e-mail's local part). */
  name: string;
  plan: ReminderPlan;
  /** The app's origin (APP_URL) and this e-mail's own unsubscribe link. */
  appUrl: string;
  unsubscribeUrl: string;
}

const billLine = (bill: DueBill) => `${oneLine(bill.name)}: ${formatCents(bill.amountCents)}, due ${longDate(bill.dueDate)}`;

/** The e-mail of one reminder: plain text and HTML saying the same, each with the unsubscribe link. */
export function reminderMail({ to, name, plan, appUrl, unsubscribeUrl }: ReminderMailInput): MailMessage {
  const dashboard = `${appUrl}/dashboard`;
  let subject: string;
  let lines: string[];
  if (plan.job.kind === 'bill-due' && 'bill' in plan) {
    const bill = plan.bill;
    subject = `${oneLine(bill.name)} (${formatCents(bill.amountCents)}) is due ${inDays(plan.daysLeft)}, on ${dayOrdinal(bill.dueDate)}`;
    lines = [`${oneLine(bill.name)} (${formatCents(bill.amountCents)}) is due ${inDays(plan.daysLeft)}, on ${longDate(bill.dueDate)}.`];
  } else if ('bills' in plan) {
    const [first, ...rest] = plan.bills;
    const more = rest.length === 0 ? '' : ` (and ${rest.length} more ${rest.length === 1 ? 'bill' : 'bills'})`;
    subject = `Your paycheck arrived: pay ${oneLine(first!.name)} now, due on ${dayOrdinal(first!.dueDate)}${more}`;
    const before = plan.nextPayday ? `before your next payday (${longDate(plan.nextPayday)})` : 'in the coming weeks';
    lines = [`Your ${oneLine(plan.source)} paycheck (${formatCents(plan.amountCents)}) is due today. These bills are due ${before}:`, ...plan.bills.map((bill) => `- ${billLine(bill)}`)];
  } else {
    throw new Error('unknown reminder plan');
  }
  const greeting = `Hi ${oneLine(name)},`;
  const footer = `You get this e-mail because reminders are on in ${PRODUCT_NAME} (Settings, Notifications).`;
  const text = [greeting, '', ...lines, '', `See your plan: ${dashboard}`, '', footer, `Turn off reminder e-mails: ${unsubscribeUrl}`, ''].join('\n');
  const list = lines.slice(1);
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(lines[0]!)}</p>`,
    list.length ? `<ul>${list.map((line) => `<li>${escapeHtml(line.slice(2))}</li>`).join('')}</ul>` : '',
    `<p><a href="${escapeHtml(dashboard)}">See your plan in ${PRODUCT_NAME}</a></p>`,
    `<p style="color:#555;font-size:13px">${escapeHtml(footer)} <a href="${escapeHtml(unsubscribeUrl)}">Turn off reminder e-mails</a></p>`,
  ].join('');
  return { to, subject, text, html };
}
