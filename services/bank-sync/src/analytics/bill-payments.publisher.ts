import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { BILL_PAYMENTS_LOOKBACK_DAYS, BILL_PAYMENTS_PATTERN, MAX_BILL_PAYMENTS_PER_MESSAGE, type BillPaymentsMessage } from '@paycadence/contracts';
import { addDays, merchantKey } from '@paycadence/finance-rules';
import { CLOCK, type Clock } from '@paycadence/nest-kit';
import type { DataSource } from 'typeorm';
import { SQL_IS_TRANSFER } from '../common/transaction-kinds.js';
import { FinanceClient } from '../transport/finance.client.js';

export type BillPaymentsOutcome = 'stored' | 'older' | 'not-listening' | 'failed';

/**
 * Pushes the user's recent payments out to finance (BILL_PAYMENTS_PATTERN), which marks bill occurrences paid
 * from them: posted money out of the last BILL_PAYMENTS_LOOKBACK_DAYS, own transfers left out, each
 * with detection's merchant key and the same rule on the description alone. Sent after each detection run and
 * after a disconnect (the remaining banks' rows, none after the last). Like the bank summary, never rejects: every
 * later run resends the whole set, so a missed push is logged rather than failing the caller.
 */
@Injectable()
export class BillPaymentsPublisher {
  private readonly logger = new Logger(BillPaymentsPublisher.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(FinanceClient) private readonly finance: FinanceClient,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** The message for this user now; `computedAt` is read before the rows, as the bank summary's. */
  async paymentsFor(userId: string): Promise<BillPaymentsMessage> {
    const computedAt = this.clock.now().toISOString();
    const today = this.clock.today();
    const rows = (await this.dataSource.query(
      `SELECT t.id, t.date::text AS date, round(t.amount * 100)::text AS cents, t.merchant_key, t.name
       FROM bank_transactions t
       WHERE t.user_id = $1 AND NOT t.pending AND t.amount > 0 AND t.date BETWEEN $2 AND $3 AND NOT ${SQL_IS_TRANSFER}
       ORDER BY t.date DESC, t.id
       LIMIT ${MAX_BILL_PAYMENTS_PER_MESSAGE}`,
      [userId, addDays(today, -BILL_PAYMENTS_LOOKBACK_DAYS), today],
    )) as { id: string; date: string; cents: string; merchant_key: string; name: string }[];
    return {
      userId,
      computedAt,
      transactions: rows.map((row) => ({
        id: row.id,
        date: row.date,
        amountCents: Number(row.cents),
        merchantKey: row.merchant_key.slice(0, 200),
        descriptionKey: merchantKey(row.name).slice(0, 200),
      })),
    };
  }

  async publish(userId: string): Promise<BillPaymentsOutcome> {
    try {
      if (!(await this.finance.financeListening(BILL_PAYMENTS_PATTERN))) return 'not-listening';
      return (await this.finance.storeBillPayments(await this.paymentsFor(userId))) ? 'stored' : 'older';
    } catch (error) {
      this.logger.warn(`bill payments not delivered: ${String((error as Error)?.message ?? error)}`);
      return 'failed';
    }
  }
}
