import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import type { BankSummaryMessage } from '@paycadence/contracts';
import type { BankAnalytics } from '@paycadence/finance-rules';
import { BankSummary } from './bank-summary.entity.js';

/**
 * Stores what bank-sync pushes and hands the dashboard its bankAnalytics. A message older than the stored one
 * (computed_at) changes nothing, so a detection run that finished after a disconnect cannot bring back a
 * cleared summary with stale figures. The row's triggers bump the user's data version (see the migration).
 */
@Injectable()
export class BankSummaryService {
  constructor(@InjectRepository(BankSummary) private readonly summaries: Repository<BankSummary>) {}

  /** True when stored; false when a newer summary was already there. */
  async store({ userId, monthlyIncomeCents, savingsRatePercent, cashBalanceCents = null, computedAt }: BankSummaryMessage): Promise<boolean> {
    const rows: unknown[] = await this.summaries.query(
      `INSERT INTO bank_summaries AS s (user_id, monthly_income_cents, savings_rate_percent, cash_balance_cents, computed_at)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (user_id) DO UPDATE
         SET monthly_income_cents = EXCLUDED.monthly_income_cents, savings_rate_percent = EXCLUDED.savings_rate_percent,
             cash_balance_cents = EXCLUDED.cash_balance_cents, computed_at = EXCLUDED.computed_at, updated_at = now()
         WHERE s.computed_at <= EXCLUDED.computed_at
       RETURNING s.user_id`,
      [userId, monthlyIncomeCents, savingsRatePercent, cashBalanceCents, computedAt],
    );
    return rows.length > 0;
  }

  /**
   * One read for the dashboard: its bankAnalytics (undefined without a bank summary, or after a clear), and the
   * spendable balance with when it was read (safe to spend).
   */
  async figuresFor(userId: string): Promise<{ analytics: BankAnalytics | undefined; cashBalanceCents: number | null; asOf: string | null }> {
    const row = await this.summaries.findOne({ where: { userId } });
    const cashBalanceCents = row?.cashBalanceCents ?? null;
    return { analytics: analyticsOf(row), cashBalanceCents, asOf: cashBalanceCents === null ? null : row!.computedAt.toISOString() };
  }
}

function analyticsOf(row: BankSummary | null): BankAnalytics | undefined {
  if (!row || (row.monthlyIncomeCents === null && row.savingsRatePercent === null)) return undefined;
  return {
    ...(row.monthlyIncomeCents !== null ? { monthlyIncomeCents: row.monthlyIncomeCents } : {}),
    ...(row.savingsRatePercent !== null ? { savingsRatePercent: row.savingsRatePercent } : {}),
  };
}
