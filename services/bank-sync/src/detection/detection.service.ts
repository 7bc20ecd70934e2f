import { Inject, Injectable, Logger } from '@nestjs/common';
import { CLOCK, JobHandler, type Clock } from '@paycadence/nest-kit';
import type { SyncUserJob } from '@paycadence/contracts';
import { dayNumber, isoDate } from './core/calendar.js';
import { BankSummaryPublisher } from '../analytics/bank-summary.publisher.js';
import { BillPaymentsPublisher } from '../analytics/bill-payments.publisher.js';
import { FinanceClient } from '../transport/finance.client.js';
import { detectRecurringStreams } from './core/detect-recurring.js';
import { RecurringStreamStore } from './recurring-stream.store.js';
import { suggestionMessages, type StoredStream } from './suggestions.js';

/** Two years of history (what linking asks Plaid for) plus a month, so an annual bill is seen twice. */
const HISTORY_DAYS = 760;
/** Runs of one call at most, when the transactions keep changing under it. */
const MAX_ROUNDS = 3;

export interface DetectionRun {
  streams: StoredStream[];
  /** What finance stored of the suggestions sent (confidence 0.5 and up). */
  suggested: { bills: number; income: number };
  /** False when finance was not listening: nothing was sent this time. */
  delivered: boolean;
  /** The suggestion keys of streams no longer found, withdrawn from finance (their rows deleted). */
  withdrawn: string[];
}

/**
 * Recurring bill and income detection for one user: read their posted transactions, detect, replace their
 * recurring_streams, and offer the confident ones to finance as suggestions. Idempotent: the same data gives
 * the same rows with the same ids and the same suggestions (finance keeps what the user accepted or dismissed).
 */
@Injectable()
export class DetectionService {
  private readonly logger = new Logger(DetectionService.name);

  constructor(
    @Inject(RecurringStreamStore) private readonly store: RecurringStreamStore,
    @Inject(FinanceClient) private readonly finance: FinanceClient,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(BankSummaryPublisher) private readonly bankSummary: BankSummaryPublisher,
    @Inject(BillPaymentsPublisher) private readonly billPayments: BillPaymentsPublisher,
  ) {}

  async detectForUser(userId: string): Promise<DetectionRun> {
    // A sync committing meanwhile enqueued a detect job that collapsed into this one: run again on its rows.
    let version = await this.store.dataVersion(userId);
    for (let round = 1; ; round += 1) {
      const run = await this.runOnce(userId);
      const current = await this.store.dataVersion(userId);
      if (current === version || round >= MAX_ROUNDS) {
        // The dashboard's bank figures follow each run (finance's copy); a missed push never fails the run.
        await this.bankSummary.publish(userId);
        await this.billPayments.publish(userId);
        return run;
      }
      version = current;
    }
  }

  private async runOnce(userId: string): Promise<DetectionRun> {
    const today = this.clock.today();
    const window = { since: isoDate(dayNumber(today) - HISTORY_DAYS), until: today };
    const listening = await this.finance.financeListening();
    let held = false;
    const { streams, transactions, gone } = await this.store.detectAndReplace(
      userId,
      window,
      (rows) => detectRecurringStreams(rows, today),
      // Streams no longer found: their pending suggestions are withdrawn before the rows go, inside the run's
      // transaction, so a failed withdrawal undoes the run (the job is retried) instead of losing the keys.
      // With finance down the rows stay until a run that can withdraw them.
      async (keys) => {
        held = !listening;
        if (held) return false;
        await this.finance.withdrawSuggestions(userId, keys);
        return true;
      },
    );
    const messages = suggestionMessages(userId, streams);
    const suggested = { bills: 0, income: 0 };
    if (!listening && (messages.length || held)) {
      // Nothing lost: the streams are stored, and every later run (each sync, at least every 6 hours) resends.
      this.logger.warn(
        'finance is not listening on the Redis transport; suggestions are sent on the next run',
      );
      return { streams, suggested, delivered: false, withdrawn: [] };
    }
    for (const message of messages) {
      const stored = await this.finance.upsertSuggestions(message);
      suggested.bills += stored.bills;
      suggested.income += stored.income;
    }
    this.logger.log(`detected ${streams.length} recurring streams from ${transactions} transactions`);
    return { streams, suggested, delivered: true, withdrawn: gone };
  }

  /**
   * After each sync (debounced by the job id). A listening finance that fails or does not answer fails the
   * job, which the queue retries; a finance that is down is skipped (see runOnce).
   */
  @JobHandler('detect-recurring')
  async onDetectRecurring({ userId }: SyncUserJob): Promise<void> {
    await this.detectForUser(userId);
  }
}
