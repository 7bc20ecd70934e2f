// Paid, due soon, overdue, per bill occurrence (ours: docs/product has no payment status).
// An occurrence is one due date of one bill, keyed `${billId}:${dueDate}` like the payment suggestion it makes.
// Finance computes the status (libs/finance-rules bill-status.ts); bank-sync pushes the transactions it matches.
import { z } from 'zod';
import { isCalendarDate } from './finance.js';
import { transportReply } from './transport.js';

export const BILL_OCCURRENCE_STATUS_VALUES = ['upcoming', 'due_soon', 'paid', 'overdue'] as const;
export type BillOccurrenceStatusValue = (typeof BILL_OCCURRENCE_STATUS_VALUES)[number];
export const BILL_PAID_BY_VALUES = ['bank', 'manual'] as const;

/** Where the mark/unmark routes live: `${BILL_STATUS_PATH}/{billId}/{dueDate}`. */
export const BILL_STATUS_PATH = '/api/financial/bill-status';
export const billStatusPath = (billId: string, dueDate: string): string => `${BILL_STATUS_PATH}/${encodeURIComponent(billId)}/${encodeURIComponent(dueDate)}`;

/** The dashboard carries the statuses of occurrences due from this many days ago (last month's, paid or overdue)… */
export const BILL_STATUS_DAYS_BACK = 62;
/** …to this many days ahead. */
export const BILL_STATUS_DAYS_AHEAD = 31;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** One occurrence's status as the dashboard and the mark/unmark routes answer it. */
export const BillOccurrenceStatusSchema = z.object({
  billId: z.string(),
  /** The bill's name, so a list of statuses reads on its own. */
  billName: z.string(),
  dueDate: isoDate,
  amountCents: z.number().int(),
  status: z.enum(BILL_OCCURRENCE_STATUS_VALUES),
  /** 'bank': a matched imported transaction; 'manual': the user marked it; null while unpaid. */
  paidBy: z.enum(BILL_PAID_BY_VALUES).nullable(),
  /** The matched transaction's date, or the day it was marked; null while unpaid. */
  paidOn: isoDate.nullable(),
  /** Whether the user marked it paid by hand (so 'Undo' can take the mark back, even under a bank match). */
  markedPaid: z.boolean(),
});
export type BillOccurrenceStatus = z.infer<typeof BillOccurrenceStatusSchema>;

/** The path's two parameters of POST / DELETE `${BILL_STATUS_PATH}/{billId}/{dueDate}`. */
export const BillOccurrenceParamsSchema = z.object({
  billId: z.string().uuid('billId must be a bill id'),
  dueDate: z
    .string({ error: 'dueDate is required in YYYY-MM-DD format' })
    .refine(isCalendarDate, 'dueDate must be a real date in YYYY-MM-DD format'),
});
export type BillOccurrenceParams = z.infer<typeof BillOccurrenceParamsSchema>;

// ---------------------------------------------------------------------------------------------------------
// bank-sync → finance over the Redis transport (docs/architecture.md): the user's recent payments out, after each
// detection run and after a disconnect (an empty list then). Finance keeps the newest set per user.

export const BILL_PAYMENTS_PATTERN = 'finance.bill-payments.store';
/** Days of posted outflows bank-sync sends: the dashboard's BILL_STATUS_DAYS_BACK plus an early payment's week, and room. */
export const BILL_PAYMENTS_LOOKBACK_DAYS = 75;
/** At most this many (newest first): a busy card of 75 days stays well below it. */
export const MAX_BILL_PAYMENTS_PER_MESSAGE = 5000;

const key = z.string().max(200);
export const BillPaymentTransactionSchema = z
  .object({
    /** bank-sync's transaction row id. */
    id: z.string().min(1).max(64),
    date: z.string().refine(isCalendarDate, 'date must be a real date in YYYY-MM-DD format'),
    /** Plaid's sign: positive is money out (refunds are not sent, and would never pay a bill). */
    amountCents: z.number().int().min(-1e13).max(1e13),
    /** Detection's merchant key (merchant name first, else the description). */
    merchantKey: key,
    /** The same rule on the bank's description alone. */
    descriptionKey: key,
  })
  .strict();
export type BillPaymentTransaction = z.infer<typeof BillPaymentTransactionSchema>;

export const BillPaymentsMessageSchema = z
  .object({
    userId: z.string({ error: 'userId is required' }).trim().min(1, 'userId is required').max(128, 'userId is too long'),
    /** When bank-sync read the rows (ISO 8601): an older set than the stored one is ignored. */
    computedAt: z.string().datetime({ offset: true }),
    transactions: z.array(BillPaymentTransactionSchema).max(MAX_BILL_PAYMENTS_PER_MESSAGE),
  })
  .strict();
export type BillPaymentsMessage = z.infer<typeof BillPaymentsMessageSchema>;

export const BillPaymentsReplySchema = transportReply({ stored: z.boolean() });
export type BillPaymentsReply = z.infer<typeof BillPaymentsReplySchema>;

/** Texts of the badges and the mark/undo actions. */
export const BILL_STATUS_LABELS: Record<BillOccurrenceStatusValue, string> = {
  upcoming: 'Upcoming',
  due_soon: 'Due soon',
  paid: 'Paid',
  overdue: 'Overdue',
};

export const BILL_STATUS_MESSAGES = {
  title: 'Bill status',
  intro: 'Bills due over the past two months and the next four weeks. We find paid ones in your bank transactions, or you can mark them paid yourself.',
  empty: 'No bills due around now.',
  markPaid: 'Mark paid',
  undo: 'Undo',
  markedPaid: (name: string) => `${name} marked as paid.`,
  unmarked: (name: string) => `${name} is no longer marked as paid.`,
  paidFromBank: 'Found in your bank transactions',
  paidByHand: 'Marked paid by you',
  saveFailed: 'Could not change the bill status. Please try again.',
  notAnOccurrence: 'That date is not one of this bill’s due dates',
  markOutOfRange: 'Bills can be marked paid for due dates up to a year back or ahead',
} as const;
