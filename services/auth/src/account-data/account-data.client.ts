import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import {
  AccountDeleteReplySchema,
  AccountExportReplySchema,
  accountDataPattern,
  type AccountDataService,
  type AccountSubject,
  type ExportedRow,
} from '@paycadence/contracts';
import { InjectServiceConfig, TransportClient, TransportError } from '@paycadence/nest-kit';
import type { z } from 'zod';
import type { AuthConfig } from '../config.js';

/** An export is a few queries per service. */
const EXPORT_TIMEOUT_MS = 10_000;
/** A deletion may remove several items at Plaid first. */
const DELETE_TIMEOUT_MS = 60_000;

/** A service did not answer, refused, or answered outside the contract: the caller reports 'try again'. */
export class AccountDataUnavailable extends Error {}

/** Auth's questions to the other services about one account, over nest-kit's TransportClient. */
@Injectable()
export class AccountDataClient implements OnModuleDestroy {
  private readonly logger = new Logger('AccountDataClient');
  private readonly transport: TransportClient;

  constructor(@InjectServiceConfig() config: AuthConfig) {
    // Connected on first use: auth starts (and signs people in) while Redis or the other services are down.
    this.transport = new TransportClient(config.REDIS_URL);
  }

  async exportOf(service: AccountDataService, subject: AccountSubject): Promise<Record<string, ExportedRow[]>> {
    const reply = await this.ask(service, 'export', subject, AccountExportReplySchema, EXPORT_TIMEOUT_MS);
    if (!reply.ok) throw this.unavailable(service, 'export', reply);
    return reply.tables;
  }

  async deleteIn(service: AccountDataService, subject: AccountSubject): Promise<Record<string, number>> {
    const reply = await this.ask(service, 'delete', subject, AccountDeleteReplySchema, DELETE_TIMEOUT_MS);
    if (!reply.ok) throw this.unavailable(service, 'delete', reply);
    return reply.removed;
  }

  private async ask<T extends z.ZodType>(
    service: AccountDataService,
    step: 'export' | 'delete',
    subject: AccountSubject,
    replySchema: T,
    timeoutMs: number,
  ): Promise<z.output<T>> {
    try {
      return await this.transport.ask(accountDataPattern(service, step), subject, replySchema, { timeoutMs });
    } catch (error) {
      if (!(error instanceof TransportError)) throw error;
      throw this.unavailable(service, step, error.reason === 'bad-shape' ? 'unexpected shape' : error.detail);
    }
  }

  private unavailable(service: string, step: string, detail: unknown): AccountDataUnavailable {
    const text = typeof detail === 'string' ? detail : JSON.stringify(detail);
    this.logger.warn(`${service}.account.${step} failed: ${text}`);
    return new AccountDataUnavailable(`${service}.account.${step}: ${text}`);
  }

  async onModuleDestroy(): Promise<void> {
    await this.transport.onModuleDestroy();
  }
}
