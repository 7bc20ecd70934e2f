import { Controller, Headers, HttpCode, Inject, Logger, Post, Req, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { InjectDataSource } from '@nestjs/typeorm';
import { BANK_SYNC_MESSAGES } from '@paycadence/contracts';
import type { FastifyInstance } from 'fastify';
import type { DataSource } from 'typeorm';
import { z } from 'zod';
import { BankSyncError } from '../errors.js';
import { SyncRequests } from '../sync/sync-requests.service.js';
import { captureRawBody } from './webhook-raw-body.js';
import { WebhookRejected, WebhookVerifier } from './webhook-verifier.js';

export const WEBHOOK_PATH = '/api/plaid-production/webhook';

const WebhookBodySchema = z.object({
  webhook_type: z.string().max(64),
  webhook_code: z.string().max(64),
  item_id: z.string().max(200),
  error: z.object({ error_code: z.string().max(100).optional() }).passthrough().nullish(),
});

/**
 * Transactions webhooks that mean new data is waiting at Plaid: the main trigger of imports. The sync they queue
 * moves the item's next scheduled one on (sync-writer.ts), so polling only catches items whose webhooks stopped.
 */
const NEW_DATA = new Set(['SYNC_UPDATES_AVAILABLE', 'DEFAULT_UPDATE', 'INITIAL_UPDATE', 'HISTORICAL_UPDATE']);

/**
 * POST /api/plaid-production/webhook: Plaid calls it, no bearer token. Verified first (signature, iat age,
 * body hash), then answered 200 quickly: the work is a queued job. Unknown items are ignored (still 200,
 * or Plaid would retry).
 */
@Controller('api/plaid-production')
export class WebhookController implements OnModuleInit {
  private readonly logger = new Logger(WebhookController.name);

  constructor(
    @Inject(WebhookVerifier) private readonly verifier: WebhookVerifier,
    @Inject(SyncRequests) private readonly syncs: SyncRequests,
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(HttpAdapterHost) private readonly adapterHost: HttpAdapterHost,
  ) {}

  onModuleInit() {
    const fastify = this.adapterHost.httpAdapter?.getInstance?.() as FastifyInstance | undefined;
    if (fastify?.addHook) captureRawBody(fastify, WEBHOOK_PATH); // absent in the worker (no HTTP)
  }

  @Post('webhook')
  @HttpCode(200)
  async receive(@Headers('plaid-verification') jwt: string | undefined, @Req() request: { rawBody?: Buffer; body?: unknown }): Promise<{ received: true }> {
    try {
      await this.verifier.verify(jwt, request.rawBody);
    } catch (error) {
      if (!(error instanceof WebhookRejected)) throw error;
      this.logger.warn(`webhook refused: ${error.message}`);
      throw new BankSyncError('WEBHOOK_REJECTED');
    }
    const parsed = WebhookBodySchema.safeParse(request.body);
    if (!parsed.success) return { received: true };
    const { webhook_type: type, webhook_code: code, item_id: plaidItemId, error } = parsed.data;
    const [item]: { id: string; user_id: string }[] = await this.dataSource.query(`SELECT id, user_id FROM plaid_items WHERE plaid_item_id = $1`, [plaidItemId]);
    if (!item) return { received: true };
    if (type === 'TRANSACTIONS' && NEW_DATA.has(code)) {
      await this.syncs.queueItem(item.user_id, item.id);
    } else if (type === 'ITEM' && (code === 'ERROR' || code === 'LOGIN_REQUIRED') && (error?.error_code ?? 'ITEM_LOGIN_REQUIRED') === 'ITEM_LOGIN_REQUIRED') {
      await this.dataSource.query(
        `UPDATE plaid_items SET status = 'login_required', last_error = $2, updated_at = now() WHERE id = $1`,
        [item.id, BANK_SYNC_MESSAGES.loginRequired],
      );
    } else if (type === 'ITEM' && code === 'LOGIN_REPAIRED') {
      await this.dataSource.query(`UPDATE plaid_items SET status = 'active', last_error = NULL, updated_at = now() WHERE id = $1`, [item.id]);
      // As POST /repaired does; the sweep takes the item again from now on (it skips items not 'active').
      await this.syncs.queueItem(item.user_id, item.id);
    }
    return { received: true };
  }
}
