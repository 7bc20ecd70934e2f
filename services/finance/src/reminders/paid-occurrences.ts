import { Injectable } from '@nestjs/common';

/**
 * Which bill occurrences the user already paid (issue 14 item 1), keyed `${billId}:${dueDate}`: reminders skip
 * them. Implemented by the paid-status work in this service; until that is wired, NoPaidOccurrences answers.
 */
export interface PaidOccurrences {
  /** Keys of the paid occurrences due in [from, to] (both `YYYY-MM-DD`, inclusive). */
  paidOccurrenceKeys(userId: string, from: string, to: string): Promise<Set<string>>;
}

export const PAID_OCCURRENCES = Symbol('PAID_OCCURRENCES');

export const paidOccurrenceKey = (billId: string, dueDate: string): string => `${billId}:${dueDate}`;

/** Stand-in until paid status exists: no occurrence counts as paid, so every reminder goes out. */
@Injectable()
export class NoPaidOccurrences implements PaidOccurrences {
  paidOccurrenceKeys(): Promise<Set<string>> {
    return Promise.resolve(new Set());
  }
}
