import { describe, expect, it } from 'vitest';
import {
  billerLetter,
  billerPhoneScript,
  dayOfMonthName,
  DueDateMoveCreateSchema,
  DueDateMoveUpdateSchema,
  DueDatePlanPreviewSchema,
} from './due-date-planner.js';

const BILL = '4f1c2f9e-5b1a-4c1e-9a7e-0d3c2b1a0f9e';
const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues.map((issue) => issue.message) ?? [];

describe('what the person says to the biller', () => {
  it('names days as people say them, and 31 as the last day of the month', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 28, 30, 31].map(dayOfMonthName)).toEqual([
      '1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '23rd', '28th', '30th', 'last day of the month',
    ]);
  });

  it('writes the holder, the bill, the old and the new day and the paycheck into the script and the letter', () => {
    const request = { accountHolder: 'Tess Ledger', billName: 'Phone', fromDay: 5, toDay: 27, paydayDay: 25 };
    const script = billerPhoneScript(request);
    expect(script).toContain('my Phone account, in the name of Tess Ledger');
    expect(script).toContain('due on the 5th of each month. I would like to change my due date to the 27th.');
    expect(script).toContain('My paycheck arrives on the 25th, so a due date on the 27th lets me pay on time every month.');
    const letter = billerLetter(request, 'December 7, 2026');
    expect(letter.split('\n')[0]).toBe('December 7, 2026');
    expect(letter).toContain('held in the name of Tess Ledger, from the 5th to the 27th of each month');
    expect(letter).toContain('My paycheck arrives on the 25th of the month');
    expect(letter.trim().endsWith('Tess Ledger')).toBe(true);
    expect(billerLetter({ ...request, paydayDay: null }, 'x')).toContain('lines up better with when I am paid');
  });
});

describe('the checklist and preview bodies', () => {
  it('accepts a move with a bill id and a day of the month, and nothing else', () => {
    expect(DueDateMoveCreateSchema.safeParse({ billId: BILL, toDay: 27 }).success).toBe(true);
    expect(messages(DueDateMoveCreateSchema.safeParse({ billId: BILL, toDay: 32 }))).toEqual(['toDay must be a day of the month (1 to 31)']);
    expect(messages(DueDateMoveCreateSchema.safeParse({ billId: 'phone', toDay: 3 }))).toEqual(['billId must be a bill id']);
    expect(DueDateMoveCreateSchema.safeParse({ billId: BILL, toDay: 3, userId: BILL }).success).toBe(false);
  });

  it('needs a status or a day, and the date a confirmed change takes effect', () => {
    expect(messages(DueDateMoveUpdateSchema.safeParse({}))).toContain('Send a status or a toDay');
    expect(messages(DueDateMoveUpdateSchema.safeParse({ status: 'confirmed' }))).toContain('Enter the date the new due day takes effect');
    expect(messages(DueDateMoveUpdateSchema.safeParse({ status: 'confirmed', effectiveDate: '2027-02-30' }))).toEqual([
      'The date it takes effect must be a real date in YYYY-MM-DD format',
    ]);
    expect(DueDateMoveUpdateSchema.safeParse({ status: 'confirmed', effectiveDate: '2027-01-10' }).success).toBe(true);
    expect(messages(DueDateMoveUpdateSchema.safeParse({ status: 'done' }))).toEqual(['status must be one of: planned, asked, confirmed, declined']);
  });

  it('takes one choice per bill in a preview', () => {
    expect(DueDatePlanPreviewSchema.safeParse({ choices: [{ billId: BILL, toDay: null }] }).success).toBe(true);
    expect(messages(DueDatePlanPreviewSchema.safeParse({ choices: [{ billId: BILL, toDay: 3 }, { billId: BILL, toDay: null }] }))).toEqual(['Choose once per bill']);
  });
});
