import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import {
  AccountDeleteReplySchema,
  AccountExportReplySchema,
  accountDataPattern,
  type AccountDataService,
  type AccountSubject,
  type ExportedRow,
} from '@payday/contracts';
import { createRedisClient, InjectServiceConfig } from '@payday/nest-kit';
import { firstValueFrom, timeout } from 'rxjs';
import type { AuthConfig } from '../config.js';

/** An export is a few queries per service. */
const EXPORT_TIMEOUT_MS = 10_000;
/** A deletion may remove several items at Plaid first. */
const DELETE_TIMEOUT_MS = 60_000;

/** A service did not answer, refused, or answered outside the contract: the caller reports 'try again'. */
export class AccountDataUnavailable extends Error {}

const reason = (error: unknown) =>
  typeof error === 'object' && error !== null && 'message' in error ? String((error as { message: unknown }).message) : String(error);

/** Auth's questions to the other services about one account, over the Redis transport. */
@Injectable()
export class AccountDataClient implements OnModuleDestroy {
  private readonly logger = new Logger('AccountDataClient');
  private client: ClientProxy | null = null;

  constructor(@InjectServiceConfig() private readonly config: AuthConfig) {}

  async exportOf(service: AccountDataService, subject: AccountSubject): Promise<Record<string, ExportedRow[]>> {
    const reply = AccountExportReplySchema.safeParse(await this.ask(service, 'export', subject, EXPORT_TIMEOUT_MS));
    if (!reply.success || !reply.data.ok) throw this.unavailable(service, 'export', reply.success ? reply.data : 'unexpected shape');
    return reply.data.tables;
  }

  async deleteIn(service: AccountDataService, subject: AccountSubject): Promise<Record<string, number>> {
    const reply = AccountDeleteReplySchema.safeParse(await this.ask(service, 'delete', subject, DELETE_TIMEOUT_MS));
    if (!reply.success || !reply.data.ok) throw this.unavailable(service, 'delete', reply.success ? reply.data : 'unexpected shape');
    return reply.data.removed;
  }

  private async ask(service: AccountDataService, step: 'export' | 'delete', subject: AccountSubject, timeoutMs: number): Promise<unknown> {
    // Connected on first use: auth starts (and signs people in) while Redis or the other services are down.
    this.client ??= createRedisClient(this.config.REDIS_URL);
    try {
      return await firstValueFrom(this.client.send(accountDataPattern(service, step), subject).pipe(timeout(timeoutMs)));
    } catch (error) {
      throw this.unavailable(service, step, reason(error));
    }
  }

  private unavailable(service: string, step: string, detail: unknown): AccountDataUnavailable {
    const text = typeof detail === 'string' ? detail : JSON.stringify(detail);
    this.logger.warn(`${service}.account.${step} failed: ${text}`);
    return new AccountDataUnavailable(`${service}.account.${step}: ${text}`);
  }

  async onModuleDestroy(): Promise<void> {
    await this.client?.close();
    this.client = null;
  }
}
