import { Inject, Injectable, Logger } from '@nestjs/common';
import { FINANCE_PATTERNS, MAX_BANK_CASH_BALANCE_CENTS, type BankSummaryMessage } from '@paycadence/contracts';
import { CLOCK, type Clock } from '@paycadence/nest-kit';
import { FinanceClient } from '../transport/finance.client.js';
import { AnalyticsService } from './analytics.service.js';
import { bankSummaryFigures } from './bank-summary.js';

/** Within what the message accepts (a balance beyond it is not one a forecast could use anyway). */
function clampCashBalance(cents: number | null): number | null {
  if (cents === null) return null;
  return Math.max(-MAX_BANK_CASH_BALANCE_CENTS, Math.min(MAX_BANK_CASH_BALANCE_CENTS, cents));
}

/** What one publish did: finance stored it, kept a newer one, was not listening, or did not take it. */
export type BankSummaryOutcome = 'stored' | 'older' | 'not-listening' | 'failed';

/**
 * Pushes the linked banks' figures to finance (FINANCE_PATTERNS.storeBankSummary) after each detection run and
 * after a disconnect: finance never reads bank-sync's tables (docs/architecture.md). With no bank left the figures are null,
 * which is finance's clear. Never rejects: the figures are recomputed and resent after every later run (each sync,
 * at least every 6 hours), so a missed push is logged rather than failing the caller.
 */
@Injectable()
export class BankSummaryPublisher {
  private readonly logger = new Logger(BankSummaryPublisher.name);

  constructor(
    @Inject(AnalyticsService) private readonly analytics: AnalyticsService,
    @Inject(FinanceClient) private readonly finance: FinanceClient,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * The message for this user now. `computedAt` is read before the rows, so figures read before a disconnect
   * deleted them carry an earlier stamp than that disconnect's clear, and finance keeps the clear.
   */
  async summaryFor(userId: string): Promise<BankSummaryMessage> {
    const computedAt = this.clock.now().toISOString();
    const [breakdown, cashBalanceCents] = await Promise.all([
      this.analytics.monthlyBreakdownFor(userId),
      this.analytics.spendableBalanceCentsFor(userId),
    ]);
    return { userId, ...bankSummaryFigures(breakdown), cashBalanceCents: clampCashBalance(cashBalanceCents), computedAt };
  }

  async publish(userId: string): Promise<BankSummaryOutcome> {
    try {
      if (!(await this.finance.financeListening(FINANCE_PATTERNS.storeBankSummary))) {
        // debug: detection already warns when finance is down; this would only repeat it.
        this.logger.debug('finance is not listening on the Redis transport; the bank summary is sent after the next run');
        return 'not-listening';
      }
      return (await this.finance.storeBankSummary(await this.summaryFor(userId))) ? 'stored' : 'older';
    } catch (error) {
      this.logger.warn(`bank summary not delivered: ${String((error as Error)?.message ?? error)}`);
      return 'failed';
    }
  }
}
