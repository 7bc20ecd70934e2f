import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { BANK_SYNC_MESSAGES } from '@paycadence/contracts';
import { CLOCK, InjectServiceConfig, JobProducer, type Clock } from '@paycadence/nest-kit';
import type { DataSource, QueryRunner } from 'typeorm';
import type { BankSyncConfig } from '../config.js';
import { PlaidCallError } from '../plaid/plaid-call-error.js';
import { PlaidGateway } from '../plaid/plaid-gateway.js';
import { ItemAccessService } from '../items/item-access.service.js';
import { fetchPass } from './sync-pass.js';
import { writePass } from './sync-writer.js';

export type SyncOutcome =
  /** askedAgain: a sync was asked for after this pass had started reading Plaid (the item stays 'queued'). */
  | { status: 'synced'; upserted: number; deleted: number; pages: number; restarts: number; askedAgain: boolean }
  | { status: 'login_required' }
  /** The item was disconnected meanwhile, or already needs a new sign-in. */
  | { status: 'skipped' };

export interface SyncOptions {
  /** False while the job has retries left: a retryable failure leaves the item 'queued', not 'failed'. */
  finalAttempt?: boolean;
}

interface ItemRow {
  id: string;
  user_id: string;
  access_token_sealed: string;
  status: string;
  cursor: string | null;
}

/** Plaid error codes that need the user to sign in again (Link update mode), not a retry. */
const NEEDS_SIGN_IN = new Set(['ITEM_LOGIN_REQUIRED']);

/**
 * One item's import: one pass at a time per item, in one process as across processes (a PostgreSQL
 * advisory lock held for the whole pass; a second pass waits for it and then reads the cursor the first one
 * saved). Requests are not joined here: the queue's deterministic job ids collapse them (SyncRequests). A pass
 * pages Plaid first and then writes everything, cursor included, in ONE transaction: a pass killed half-way
 * leaves nothing behind, and the next one starts again from the last saved cursor.
 */
@Injectable()
export class ItemSyncService {
  private readonly logger = new Logger(ItemSyncService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(PlaidGateway) private readonly plaid: PlaidGateway,
    @Inject(ItemAccessService) private readonly items: ItemAccessService,
    @Inject(JobProducer) private readonly jobs: JobProducer,
    @Inject(CLOCK) private readonly clock: Clock,
    @InjectServiceConfig() private readonly config: BankSyncConfig,
  ) {}

  async syncItem(userId: string, itemId: string, options: SyncOptions = {}): Promise<SyncOutcome> {
    const outcome = await this.lockedPass(userId, itemId, options);
    if (outcome.status === 'synced' && outcome.askedAgain) await this.followUp(userId, itemId);
    return outcome;
  }

  private async lockedPass(userId: string, itemId: string, options: SyncOptions): Promise<SyncOutcome> {
    const db = this.dataSource.createQueryRunner();
    await db.connect();
    try {
      // Session lock on this connection: released at unlock, or by PostgreSQL when a killed worker's connection drops.
      await db.query(`SELECT pg_advisory_lock(hashtextextended($1, 0))`, [`bank-sync:item:${itemId}`]);
      try {
        return await this.pass(db, userId, itemId, options);
      } finally {
        // A dropped connection already released it; never let the unlock hide the pass's own outcome.
        await db.query(`SELECT pg_advisory_unlock(hashtextextended($1, 0))`, [`bank-sync:item:${itemId}`]).catch(() => undefined);
      }
    } finally {
      await db.release();
    }
  }

  private async pass(db: QueryRunner, userId: string, itemId: string, options: SyncOptions): Promise<SyncOutcome> {
    // Read under the lock: a pass that waited for another starts from the cursor that one saved.
    const [item]: ItemRow[] = await db.query(
      `SELECT id, user_id, access_token_sealed, status, cursor FROM plaid_items WHERE id = $1 AND user_id = $2 AND source = 'plaid'`,
      [itemId, userId],
    );
    // Disconnected meanwhile (its schedule went with its row), or a file-fed account's item (nothing to sync).
    if (!item) return { status: 'skipped' };
    if (item.status !== 'active') {
      await this.setState(db, itemId, 'failed', BANK_SYNC_MESSAGES.loginRequired);
      return { status: 'skipped' };
    }
    await this.setState(db, itemId, 'running');
    try {
      const accessToken = await this.items.accessTokenOf({ accessTokenSealed: item.access_token_sealed });
      const changes = await fetchPass(this.plaid, accessToken, item.cursor);
      await db.startTransaction();
      let written;
      try {
        written = await writePass(db, { itemId, userId, now: this.clock.now() }, changes);
        await db.commitTransaction();
      } catch (error) {
        await db.rollbackTransaction();
        throw error;
      }
      await this.afterSync(userId);
      return { status: 'synced', ...written, pages: changes.pages, restarts: changes.restarts };
    } catch (error) {
      return this.failed(db, itemId, error, options);
    }
  }

  private async failed(db: QueryRunner, itemId: string, error: unknown, options: SyncOptions): Promise<SyncOutcome> {
    const plaidError = error instanceof PlaidCallError ? error : null;
    if (plaidError && NEEDS_SIGN_IN.has(plaidError.code)) {
      // Retrying cannot help: the item waits for the user's new sign-in (update mode), then a repair queues a sync.
      await db.query(
        `UPDATE plaid_items SET status = 'login_required', sync_state = 'failed', last_error = $2, updated_at = now() WHERE id = $1`,
        [itemId, BANK_SYNC_MESSAGES.loginRequired],
      );
      this.logger.warn(`item ${itemId}: ${plaidError.code}, marked as needing a new sign-in`);
      return { status: 'login_required' };
    }
    const retryLater = (plaidError ? plaidError.retryable : true) && options.finalAttempt === false;
    const message = plaidError?.retryable ? BANK_SYNC_MESSAGES.plaidUnavailable : BANK_SYNC_MESSAGES.importFailed;
    // A sync asked for during this pass keeps 'queued': its job (SyncRequests' follow-up) still runs.
    await this.setState(db, itemId, retryLater ? 'queued' : 'failed', message, { keepQueued: true }).catch(() => undefined);
    this.logger.warn(`item ${itemId}: sync failed${retryLater ? ', will retry' : ''}: ${plaidError ? plaidError.message : String((error as Error)?.message ?? error)}`);
    throw error;
  }

  private async setState(db: QueryRunner, itemId: string, state: 'running' | 'queued' | 'failed', lastError?: string, { keepQueued = false } = {}) {
    await db.query(
      `UPDATE plaid_items SET sync_state = CASE WHEN $4 AND sync_state = 'queued' THEN 'queued' ELSE $2 END,
              last_error = COALESCE($3, last_error), updated_at = now() WHERE id = $1`,
      [itemId, state, lastError ?? null, keepQueued],
    );
  }

  /**
   * A sync was asked for while this pass read Plaid: make sure a job serves it. SyncRequests already queued one
   * (`<item>.sync.again` while this job runs); this covers a request that collapsed into this very job because
   * it came between the previous pass's end and that job's completion. Collapses with any job already queued.
   */
  private async followUp(userId: string, itemId: string) {
    try {
      await this.jobs.enqueue('sync-item', { userId, itemId }, { followUpIfActive: true });
    } catch (error) {
      this.logger.error(`could not queue the follow-up sync of item ${itemId}: ${(error as Error).message}`);
    }
  }

  /** Recurring detection after the data changed; the delay and the job id collapse a burst of item syncs. */
  private async afterSync(userId: string) {
    try {
      // A detection already running read the rows before this pass: one more run after it.
      await this.jobs.enqueue('detect-recurring', { userId }, { delayMs: this.config.DETECT_DEBOUNCE_MS, followUpIfActive: true });
    } catch (error) {
      this.logger.error(`could not queue recurring detection for ${userId}: ${(error as Error).message}`);
    }
  }
}
