import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { InjectServiceConfig, TransportClient, TransportError } from '@payday/nest-kit';
import type { z } from 'zod';
import type { AdminConfig } from '../config.js';
import { AdminError } from '../errors.js';

/**
 * Admin's questions on the Redis transport (docs/architecture.md: it asks auth and waitlist, never reads their schemas),
 * over nest-kit's TransportClient. Every question waits at most ADMIN_TRANSPORT_TIMEOUT_MS; no answer, an unreachable
 * Redis or a reply that breaks the contract is 503 `ADMIN_MESSAGES.dependencyUnavailable` (the client logs the reason,
 * it is never sent to the caller).
 */
@Injectable()
export class AdminTransport implements OnModuleDestroy {
  private readonly transport: TransportClient;

  constructor(@InjectServiceConfig() private readonly config: AdminConfig) {
    this.transport = new TransportClient(config.REDIS_URL);
  }

  async ask<T extends z.ZodType>(pattern: string, payload: unknown, schema: T): Promise<z.output<T>> {
    try {
      return await this.transport.ask(pattern, payload, schema, { timeoutMs: this.config.ADMIN_TRANSPORT_TIMEOUT_MS });
    } catch (error) {
      if (error instanceof TransportError) throw new AdminError('DEPENDENCY_UNAVAILABLE');
      throw error;
    }
  }

  async onModuleDestroy(): Promise<void> {
    await this.transport.onModuleDestroy();
  }
}
