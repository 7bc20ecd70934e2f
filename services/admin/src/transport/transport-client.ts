import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { createRedisClient, InjectServiceConfig } from '@payday/nest-kit';
import { firstValueFrom, timeout } from 'rxjs';
import type { z } from 'zod';
import type { AdminConfig } from '../config.js';
import { AdminError } from '../errors.js';

/** RPC failures arrive as plain `{status, message}` objects, not Errors. */
const reason = (error: unknown) =>
  typeof error === 'object' && error !== null && 'message' in error ? String((error as { message: unknown }).message) : String(error);

/**
 * Admin's one client on the Redis transport (docs/architecture.md: it asks auth and waitlist, never reads their schemas).
 * Every question has a timeout; no answer, an unreachable Redis or a reply that breaks the contract is 503
 * `ADMIN_MESSAGES.dependencyUnavailable` (the reason is logged, never sent to the client).
 */
@Injectable()
export class TransportClient implements OnModuleDestroy {
  private readonly logger = new Logger(TransportClient.name);
  private client: ClientProxy | null = null;

  constructor(@InjectServiceConfig() private readonly config: AdminConfig) {}

  async ask<T extends z.ZodType>(pattern: string, payload: unknown, schema: T): Promise<z.output<T>> {
    // Connected on first use: admin starts (and serves its log) while Redis or the other services are down.
    this.client ??= createRedisClient(this.config.REDIS_URL);
    let reply: unknown;
    try {
      reply = await firstValueFrom(this.client.send(pattern, payload).pipe(timeout(this.config.ADMIN_TRANSPORT_TIMEOUT_MS)));
    } catch (error) {
      this.logger.warn(`${pattern} failed: ${reason(error)}`);
      throw new AdminError('DEPENDENCY_UNAVAILABLE');
    }
    const parsed = schema.safeParse(reply);
    if (!parsed.success) {
      this.logger.warn(`${pattern} answered with an unexpected shape`);
      throw new AdminError('DEPENDENCY_UNAVAILABLE');
    }
    return parsed.data;
  }

  async onModuleDestroy(): Promise<void> {
    await this.client?.close();
    this.client = null;
  }
}
