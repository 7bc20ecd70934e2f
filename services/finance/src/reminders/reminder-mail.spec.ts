import { reminderUnsubscribePath } from '@paycadence/contracts';
import { dayOrdinal, reminderMail } from './reminder-mail.js';
import type { ReminderPlan } from './planned-reminders.js';
import { newUnsubscribeToken } from './unsubscribe-token.js';

const USER = '11111111-1111-4111-8111-111111111111';
const RENT = '22222222-2222-4222-8222-222222222222';
const SALARY = '44444444-4444-4444-8444-444444444444';
const rent = { billId: RENT, name: 'Rent', amountCents: 120_000, dueDate: '2026-03-28' };
const TOKEN = newUnsubscribeToken();
const base = { to: 'ann@example.com', name: 'Ann', appUrl: 'https://pay.example.com', unsubscribeUrl: `https://pay.example.com${reminderUnsubscribePath(TOKEN)}` };

describe('reminderMail', () => {
  it('says which bill is due when, with the unsubscribe link in both bodies', () => {
    const plan: ReminderPlan = { job: { userId: USER, kind: 'bill-due', itemId: RENT, date: '2026-03-28' }, bill: rent, daysLeft: 3 };
    const mail = reminderMail({ ...base, plan });
    expect(mail.subject).toBe('Rent ($1,200.00) is due in 3 days, on the 28th');
    expect(mail.text).toContain('Rent ($1,200.00) is due in 3 days, on March 28.');
    expect(mail.text).toContain(base.unsubscribeUrl);
    expect(mail.html).toContain(`href="${base.unsubscribeUrl}"`);
    // The link's token is in the fragment: what a browser requests for it (and an access log records) has none.
    const link = new URL(base.unsubscribeUrl);
    expect(`${link.pathname}${link.search}`).toBe('/api/financial/reminders/unsubscribe');
    expect(new URLSearchParams(link.hash.slice(1)).get('token')).toBe(TOKEN);
    expect(reminderMail({ ...base, plan: { ...plan, daysLeft: 1 } }).subject).toBe('Rent ($1,200.00) is due tomorrow, on the 28th');
  });

  it("on payday: 'Your paycheck arrived: pay Rent now, due on the 28th'", () => {
    const plan: ReminderPlan = {
      job: { userId: USER, kind: 'payday', itemId: SALARY, date: '2026-03-13' },
      source: 'Salary',
      amountCents: 300_000,
      bills: [rent],
      nextPayday: '2026-04-13',
    };
    expect(reminderMail({ ...base, plan }).subject).toBe('Your paycheck arrived: pay Rent now, due on the 28th');
    const two = reminderMail({ ...base, plan: { ...plan, bills: [rent, { ...rent, name: 'Phone', dueDate: '2026-04-02' }] } });
    expect(two.subject).toBe('Your paycheck arrived: pay Rent now, due on the 28th (and 1 more bill)');
    expect(two.text).toContain('- Phone: $1,200.00, due April 2');
    expect(two.text).toContain('before your next payday (April 13)');
  });

  it('keeps names from breaking the subject line or the HTML', () => {
    const plan: ReminderPlan = {
      job: { userId: USER, kind: 'bill-due', itemId: RENT, date: '2026-03-28' },
      bill: { ...rent, name: 'Rent\r\nBcc: x@evil.test <b>' },
      daysLeft: 2,
    };
    const mail = reminderMail({ ...base, name: '<script>', plan });
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>');
  });

  it.each([
    ['2026-03-01', 'the 1st'],
    ['2026-03-02', 'the 2nd'],
    ['2026-03-03', 'the 3rd'],
    ['2026-03-11', 'the 11th'],
    ['2026-03-12', 'the 12th'],
    ['2026-03-13', 'the 13th'],
    ['2026-03-21', 'the 21st'],
    ['2026-03-22', 'the 22nd'],
    ['2026-03-31', 'the 31st'],
  ])('%s is %s', (date, said) => expect(dayOrdinal(date)).toBe(said));
});
