/**
 * Which bill occurrences the user already paid, keyed `${billId}:${dueDate}`: reminders skip
 * them. Bound to BillStatusService (src/bill-status) in RemindersWorkerModule.
 */
export interface PaidOccurrences {
  /** Keys of the paid occurrences due in [from, to] (both `YYYY-MM-DD`, inclusive). */
  paidOccurrenceKeys(userId: string, from: string, to: string): Promise<Set<string>>;
}

export const PAID_OCCURRENCES = Symbol('PAID_OCCURRENCES');

export const paidOccurrenceKey = (billId: string, dueDate: string): string => `${billId}:${dueDate}`;

