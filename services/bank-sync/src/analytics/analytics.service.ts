import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { AnalyticsResponse, CategorySummaryDto } from '@paycadence/contracts';
import { CLOCK, type Clock } from '@paycadence/nest-kit';
import { roundDollarsToCent } from '../common/numeric.js';
import { SQL_IS_BILL, SQL_IS_EXPENSE, SQL_IS_INCOME, SQL_IS_TRANSFER, SQL_JOIN_BILL_STREAM } from '../common/transaction-kinds.js';
import {
  billsFromStreams,
  expensesByCategory,
  incomeFromStreams,
  monthlyBreakdown,
  savingsTrend,
  summary,
  windowStartDate,
  type MonthlyBreakdown,
  type StreamRow,
} from './analytics-math.js';

/** Money in that is not a transfer is income; money out that is not a transfer is spending (bills included). */
const MONTHS_SQL = `
  SELECT to_char(t.date, 'YYYY-MM') AS month,
         coalesce(sum(-t.amount) FILTER (WHERE t.amount < 0 AND NOT ${SQL_IS_TRANSFER}), 0) AS income,
         coalesce(sum(t.amount) FILTER (WHERE t.amount > 0 AND NOT ${SQL_IS_TRANSFER}), 0) AS expenses,
         count(*) AS transaction_count
  FROM bank_transactions t
  WHERE t.user_id = $1 AND t.date >= $2::date
  GROUP BY 1`;

const CATEGORIES_SQL = `
  SELECT t.category AS categories, sum(t.amount) AS total, count(*) AS count
  FROM bank_transactions t
  WHERE t.user_id = $1 AND t.date >= $2::date AND t.amount > 0 AND NOT ${SQL_IS_TRANSFER}
  GROUP BY t.category`;

/** docs/product/signed-in.md §3 category summary over every imported transaction of the user. */
const CATEGORY_SUMMARY_SQL = `
  SELECT count(*) AS total,
         count(*) FILTER (WHERE ${SQL_IS_INCOME}) AS income_count, coalesce(sum(-t.amount) FILTER (WHERE ${SQL_IS_INCOME}), 0) AS income_amount,
         count(*) FILTER (WHERE ${SQL_IS_BILL}) AS bills_count, coalesce(sum(t.amount) FILTER (WHERE ${SQL_IS_BILL}), 0) AS bills_amount,
         count(*) FILTER (WHERE ${SQL_IS_EXPENSE}) AS expenses_count, coalesce(sum(t.amount) FILTER (WHERE ${SQL_IS_EXPENSE}), 0) AS expenses_amount
  FROM bank_transactions t ${SQL_JOIN_BILL_STREAM}
  WHERE t.user_id = $1`;

const STREAMS_SQL = `
  SELECT direction, name, category, frequency, confidence, average_amount, last_amount, next_date::text AS next_date, price_changed
  FROM recurring_streams WHERE user_id = $1`;

/**
 * Safe to spend: the money the user can spend today, in cents: the checking-like depository accounts
 * (not savings, CDs or cards), each at its available balance (else current), an account linked twice counted once
 * (its copy on the newest item). NULL when no such account reports a balance.
 */
const SPENDABLE_BALANCE_SQL = `
  SELECT round(sum(balance) * 100)::bigint::text AS cents FROM (
    SELECT DISTINCT ON (coalesce(i.institution_id, i.institution_name), coalesce(a.mask, ''), a.subtype, a.name)
           coalesce(a.available_balance, a.current_balance) AS balance
    FROM bank_accounts a JOIN plaid_items i ON i.id = a.item_id
    WHERE a.user_id = $1 AND i.user_id = $1 AND a.type = 'depository'
      AND coalesce(a.subtype, 'checking') IN ('checking', 'paypal', 'prepaid', 'cash management')
    ORDER BY coalesce(i.institution_id, i.institution_name), coalesce(a.mask, ''), a.subtype, a.name, i.created_at DESC, i.id DESC
  ) accounts`;

@Injectable()
export class AnalyticsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async forUser(userId: string): Promise<AnalyticsResponse> {
    const today = this.clock.today();
    const since = windowStartDate(today);
    const [breakdown, categories, [counts], streams] = await Promise.all([
      this.monthlyBreakdownFor(userId, today),
      this.dataSource.query<{ categories: string[] | null; total: string; count: string }[]>(CATEGORIES_SQL, [userId, since]),
      this.dataSource.query<Record<string, string>[]>(CATEGORY_SUMMARY_SQL, [userId]),
      this.dataSource.query<Record<string, string | boolean>[]>(STREAMS_SQL, [userId]),
    ]);
    const { rate, ...totals } = summary(breakdown);
    const streamRows: StreamRow[] = streams.map((s) => ({
      direction: s.direction as StreamRow['direction'],
      name: String(s.name),
      category: String(s.category),
      frequency: String(s.frequency),
      confidence: Number(s.confidence),
      averageAmount: Number(s.average_amount),
      lastAmount: Number(s.last_amount),
      nextDate: String(s.next_date),
      priceChanged: s.price_changed === true,
    }));
    return {
      success: true,
      analytics: {
        summary: totals,
        savings: { rate, trend: savingsTrend(breakdown) },
        bills: billsFromStreams(streamRows),
        income: incomeFromStreams(streamRows),
        expensesByCategory: expensesByCategory(categories.map((c) => ({ categories: c.categories, total: Number(c.total), count: Number(c.count) }))),
        monthlyBreakdown: breakdown,
        categorySummary: toCategorySummary(counts),
      },
    };
  }

  /** The analytics' six-month window for `today`, oldest first (also what the bank summary for finance reads). */
  async monthlyBreakdownFor(userId: string, today: string = this.clock.today()): Promise<MonthlyBreakdown[]> {
    const months = await this.dataSource.query<{ month: string; income: string; expenses: string; transaction_count: string }[]>(MONTHS_SQL, [
      userId,
      windowStartDate(today),
    ]);
    return monthlyBreakdown(
      today,
      months.map((m) => ({ month: m.month, income: Number(m.income), expenses: Number(m.expenses), transactionCount: Number(m.transaction_count) })),
    );
  }

  /** SPENDABLE_BALANCE_SQL: the checking-like accounts' balance in cents, or null. */
  async spendableBalanceCentsFor(userId: string): Promise<number | null> {
    const [row] = await this.dataSource.query<{ cents: string | null }[]>(SPENDABLE_BALANCE_SQL, [userId]);
    return row?.cents == null ? null : Number(row.cents);
  }
}

function toCategorySummary(row: Record<string, string> | undefined): CategorySummaryDto {
  const count = (key: string) => Number(row?.[key] ?? 0);
  const amount = (key: string) => roundDollarsToCent(Number(row?.[key] ?? 0));
  return {
    total_transactions: count('total'),
    income: { count: count('income_count'), amount: amount('income_amount') },
    bills: { count: count('bills_count'), amount: amount('bills_amount') },
    expenses: { count: count('expenses_count'), amount: amount('expenses_amount') },
  };
}
