import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { AUTH_ADMIN_PATTERNS, WAITLIST_ADMIN_PATTERNS } from '@paycadence/contracts';
import { InjectServiceConfig, TransportClient, TransportError } from '@paycadence/nest-kit';
import type { z } from 'zod';
import type { AdminConfig } from '../config.js';
import { AdminError } from '../errors.js';

const AUTH_PATTERNS: ReadonlySet<string> = new Set(Object.values(AUTH_ADMIN_PATTERNS));
const WAITLIST_PATTERNS: ReadonlySet<string> = new Set(Object.values(WAITLIST_ADMIN_PATTERNS));

/**
 * Admin's questions on the Redis transport (docs/architecture.md: it asks auth and waitlist, never reads
 * their schemas), over nest-kit's TransportClient. A question waits at most the timeout of the service it
 * goes to, AUTH_TIMEOUT_MS or WAITLIST_TIMEOUT_MS; no answer, an unreachable Redis or a reply that breaks the
 * contract is 503 `ADMIN_MESSAGES.dependencyUnavailable` (the client logs the reason, it is never sent to the
 * caller).
 */
@Injectable()
export class AdminTransport implements OnModuleDestroy {
  private readonly transport: TransportClient;

  constructor(@InjectServiceConfig() private readonly config: AdminConfig) {
    this.transport = new TransportClient(config.REDIS_URL);
  }

  async ask<T extends z.ZodType>(pattern: string, payload: unknown, schema: T): Promise<z.output<T>> {
    const timeoutMs = this.timeoutFor(pattern);
    try {
      return await this.transport.ask(pattern, payload, schema, { timeoutMs });
    } catch (error) {
      if (error instanceof TransportError) throw new AdminError('DEPENDENCY_UNAVAILABLE');
      throw error;
    }
  }

  /** The service a pattern goes to decides the wait; a pattern of neither is a bug in admin, not a 503. */
  private timeoutFor(pattern: string): number {
    if (AUTH_PATTERNS.has(pattern)) return this.config.AUTH_TIMEOUT_MS;
    if (WAITLIST_PATTERNS.has(pattern)) return this.config.WAITLIST_TIMEOUT_MS;
    throw new Error(`Admin asks auth and waitlist only; no service is known for ${pattern}`);
  }

  async onModuleDestroy(): Promise<void> {
    await this.transport.onModuleDestroy();
  }
}
