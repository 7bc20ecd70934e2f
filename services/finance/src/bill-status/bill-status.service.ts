import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Between, In, type Repository } from 'typeorm';
import type { BillOccurrenceParams, BillOccurrenceStatus, BillPaymentsMessage, BillPaymentTransaction } from '@paycadence/contracts';
import {
  addDays,
  BILL_MATCH_DAYS_AFTER_DUE,
  BILL_MATCH_DAYS_BEFORE_DUE,
  daysBetween,
  occurrenceKey,
  occurrencesOfBills,
  occurrenceStatuses,
  type IsoDate,
  type OccurrenceStatus,
  type RecurringBillRef,
} from '@paycadence/finance-rules';
import { CLOCK, type Clock } from '@paycadence/nest-kit';
import { Bill } from '../bills/bill.entity.js';
import { toRuleBill } from '../bills/bill.mapper.js';
import { FinanceError } from '../errors.js';
import { HouseholdAccess } from '../households/household-access.js';
import { BankPayments } from './bank-payments.entity.js';
import { BillPaidMark } from './bill-paid-mark.entity.js';

/** A mark may be set this many days before or after today (an occurrence long gone or far ahead is a slip). */
export const BILL_MARK_MAX_DAYS_FROM_TODAY = 366;

/** The occurrence keys (`${billId}:${dueDate}`) of the paid ones. */
export const paidKeysOf = (statuses: readonly OccurrenceStatus[]): Set<string> =>
  new Set(statuses.filter((s) => s.status === 'paid').map((s) => occurrenceKey(s.billId, s.dueDate)));

/**
 * Paid, due soon, overdue per bill occurrence. An occurrence is paid when one of the viewer's
 * recent bank payments matches it (libs/finance-rules matchBillPayments: by the bill's name, and by its payee once a
 * detected merchant was linked to it, which toRuleBill carries) or when it was marked paid by hand. The
 * matching always runs over every occurrence the stored payments can reach, whatever range is asked, so the
 * dashboard, the timeline and the reminders agree on which payment paid which occurrence.
 * A shared bill is matched against the viewer's own bank payments; a mark on it is the household's.
 */
@Injectable()
export class BillStatusService {
  constructor(
    @InjectRepository(Bill) private readonly bills: Repository<Bill>,
    @InjectRepository(BillPaidMark) private readonly marks: Repository<BillPaidMark>,
    @InjectRepository(BankPayments) private readonly payments: Repository<BankPayments>,
    @Inject(HouseholdAccess) private readonly access: HouseholdAccess,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * For other features (bill reminders skip paid occurrences): the keys `${billId}:${dueDate}` of the user's paid
   * occurrences due in [from, to], shared bills included, as the dashboard shows them.
   */
  async paidOccurrenceKeys(userId: string, from: IsoDate, to: IsoDate): Promise<Set<string>> {
    const memberships = await this.access.memberships(userId);
    const rows = await this.bills.find({ where: this.access.visibleWhere<Bill>(userId, memberships) });
    return paidKeysOf(await this.statusesFor(userId, rows.map((row) => toRuleBill(row)), from, to, this.clock.today()));
  }

  /** The statuses of these bills' occurrences due in [from, to] (inclusive), for `today`, by due date. */
  async statusesFor(userId: string, bills: readonly RecurringBillRef[], from: IsoDate, to: IsoDate, today: IsoDate): Promise<OccurrenceStatus[]> {
    if (bills.length === 0) return [];
    const transactions = await this.paymentsOf(userId);
    // Every occurrence a stored payment could pay takes part, so a payment goes to the same occurrence in any view.
    const dates = transactions.map((t) => t.date).sort();
    const matchFrom = dates.length ? minDate(from, addDays(dates[0]!, -BILL_MATCH_DAYS_AFTER_DUE)) : from;
    const matchTo = dates.length ? maxDate(to, addDays(dates[dates.length - 1]!, BILL_MATCH_DAYS_BEFORE_DUE)) : to;
    const occurrences = occurrencesOfBills(bills, matchFrom, matchTo);
    const marks = await this.marks.find({ where: { billId: In(bills.map((b) => b.id)), dueDate: Between(matchFrom, matchTo) } });
    const marked = new Map(marks.map((m) => [occurrenceKey(m.billId, m.dueDate), m.markedOn]));
    return occurrenceStatuses(occurrences, transactions, marked, today).filter((s) => s.dueDate >= from && s.dueDate <= to);
  }

  /** Marks one occurrence paid (again: no change). Not the caller's bill: 404; a household member's view: 403. */
  async mark(userId: string, { billId, dueDate }: BillOccurrenceParams): Promise<BillOccurrenceStatus> {
    const bill = await this.editableOccurrence(userId, billId, dueDate);
    await this.marks
      .createQueryBuilder()
      .insert()
      .values({ billId, dueDate, userId, markedOn: this.clock.today() })
      .orIgnore()
      .execute();
    return this.statusOf(userId, bill, dueDate);
  }

  /** Takes the mark back (none: no change); the answer still says paid when a bank payment matches. */
  async unmark(userId: string, { billId, dueDate }: BillOccurrenceParams): Promise<BillOccurrenceStatus> {
    const bill = await this.editableOccurrence(userId, billId, dueDate);
    await this.marks.delete({ billId, dueDate });
    return this.statusOf(userId, bill, dueDate);
  }

  /** bank-sync's push: kept unless a newer set is stored (computedAt), so a late message cannot undo a newer one. */
  async storePayments({ userId, computedAt, transactions }: BillPaymentsMessage): Promise<boolean> {
    const rows: unknown[] = await this.payments.query(
      `INSERT INTO bank_payments AS p (user_id, transactions, computed_at)
       VALUES ($1, $2::jsonb, $3)
       ON CONFLICT (user_id) DO UPDATE
         SET transactions = EXCLUDED.transactions, computed_at = EXCLUDED.computed_at, updated_at = now()
         WHERE p.computed_at <= EXCLUDED.computed_at
       RETURNING p.user_id`,
      [userId, JSON.stringify(transactions), computedAt],
    );
    return rows.length > 0;
  }

  private async paymentsOf(userId: string): Promise<BillPaymentTransaction[]> {
    return (await this.payments.findOneBy({ userId }))?.transactions ?? [];
  }

  private async editableOccurrence(userId: string, billId: string, dueDate: IsoDate): Promise<Bill> {
    const { row } = await this.access.findEditable(this.bills, userId, billId, 'BILL_NOT_FOUND');
    if (Math.abs(daysBetween(this.clock.today(), dueDate)) > BILL_MARK_MAX_DAYS_FROM_TODAY) throw new FinanceError('BILL_MARK_OUT_OF_RANGE');
    if (occurrencesOfBills([toRuleBill(row)], dueDate, dueDate).length === 0) throw new FinanceError('BILL_OCCURRENCE_NOT_FOUND');
    return row;
  }

  private async statusOf(userId: string, bill: Bill, dueDate: IsoDate): Promise<BillOccurrenceStatus> {
    const [status] = await this.statusesFor(userId, [toRuleBill(bill)], dueDate, dueDate, this.clock.today());
    return toBillOccurrenceStatusDto(status!);
  }
}

/** The wire shape (BillOccurrenceStatusSchema), field by field. */
export function toBillOccurrenceStatusDto(s: OccurrenceStatus): BillOccurrenceStatus {
  return {
    billId: s.billId,
    billName: s.billName,
    dueDate: s.dueDate,
    amountCents: s.amountCents,
    status: s.status,
    paidBy: s.paidBy,
    paidOn: s.paidOn,
    markedPaid: s.markedPaid,
  };
}

const minDate = (a: IsoDate, b: IsoDate) => (a < b ? a : b);
const maxDate = (a: IsoDate, b: IsoDate) => (a > b ? a : b);
