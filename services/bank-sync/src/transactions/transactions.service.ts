import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { TransactionDto, TransactionType, TransactionsQuery, TransactionsResponse } from '@paycadence/contracts';
import { CLOCK, preparedQuery, type Clock } from '@paycadence/nest-kit';
import { numericToNumber } from '../common/numeric.js';
import { SQL_IS_BILL, SQL_IS_EXPENSE, SQL_IS_INCOME, SQL_JOIN_BILL_STREAM } from '../common/transaction-kinds.js';

interface TransactionRow {
  id: string;
  amount: string;
  transaction_date: string;
  merchant_name: string | null;
  description: string;
  category: string[];
  pending: boolean;
  account_name: string;
  bill_name: string | null;
  is_income: boolean;
  is_bill: boolean;
}

/** Constant SQL per type filter (never user text); docs/product/signed-in.md §7 `type=income|bills|expenses`. */
const TYPE_FILTERS: Record<TransactionType, string> = {
  income: SQL_IS_INCOME,
  bills: SQL_IS_BILL,
  expenses: SQL_IS_EXPENSE,
};

/** The type filters that read the bill stream (`s`). */
const STREAM_FILTERS = new Set<TransactionType | undefined>(['bills', 'expenses']);

/** The last `days` days counting today: days=7 on 2026-03-10 starts at 2026-03-04. */
export function windowStart(today: string, days: number): string {
  const start = new Date(`${today}T00:00:00Z`);
  start.setUTCDate(start.getUTCDate() - (days - 1));
  return start.toISOString().slice(0, 10);
}

@Injectable()
export class TransactionsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * Newest first (docs/product/signed-in.md §9), scoped by user id and served by the (user_id, date DESC, id DESC) index; the bill
   * match joins the recurring outflow stream of the same account and merchant.
   */
  async list(userId: string, query: TransactionsQuery): Promise<TransactionsResponse> {
    const conditions = ['t.user_id = $1'];
    const params: unknown[] = [userId];
    if (query.days !== undefined) {
      params.push(windowStart(this.clock.today(), query.days));
      conditions.push(`t.date >= $${params.length}::date`);
    }
    if (query.type) conditions.push(TYPE_FILTERS[query.type]);
    const where = conditions.join(' AND ');
    const from = `FROM bank_transactions t JOIN bank_accounts a ON a.id = t.account_id ${SQL_JOIN_BILL_STREAM} WHERE ${where}`;
    // The count joins only what its filter reads: every transaction has its account (NOT NULL, cascading) and at
    // most one stream (unique per user, account, direction and merchant), so neither join changes the count, and
    // a user with 10,000 transactions is counted from the index alone.
    const countFrom = STREAM_FILTERS.has(query.type) ? from : `FROM bank_transactions t WHERE ${where}`;

    // Prepared: the text is constant per filter combination (never user text), so each is planned once per
    // connection; the page and the count go out together on two pooled connections.
    const [rows, [{ total }]] = await Promise.all([
      preparedQuery<TransactionRow>(
        this.dataSource,
        `SELECT t.id, t.amount, t.date::text AS transaction_date, t.merchant_name, t.name AS description, t.category, t.pending,
                a.name AS account_name, s.name AS bill_name,
                ${SQL_IS_INCOME} AS is_income, ${SQL_IS_BILL} AS is_bill
         ${from}
         ORDER BY t.date DESC, t.id DESC
         LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, query.limit, query.offset],
      ),
      preparedQuery<{ total: string }>(this.dataSource, `SELECT count(*) AS total ${countFrom}`, params),
    ]);
    return { success: true, transactions: rows.map(toTransactionDto), total: Number(total) };
  }
}

export function toTransactionDto(row: TransactionRow): TransactionDto {
  return {
    id: row.id,
    amount: numericToNumber(row.amount) ?? 0,
    transaction_date: row.transaction_date,
    merchant_name: row.merchant_name,
    description: row.description,
    category: row.category ?? [],
    pending: row.pending,
    bank_accounts: { account_name: row.account_name },
    bills: row.bill_name === null ? null : { name: row.bill_name },
    is_income: row.is_income,
    is_bill: row.is_bill,
  };
}

