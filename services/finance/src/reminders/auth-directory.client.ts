import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { AUTH_DIRECTORY_PATTERNS, UsersByIdsReplySchema, type DirectoryUser } from '@payday/contracts';
import { createRedisClient, InjectServiceConfig } from '@payday/nest-kit';
import { firstValueFrom, timeout } from 'rxjs';
import type { FinanceConfig } from '../config.js';

/** The directory did not answer (or answered outside the contract): the reminder job fails and is retried. */
export class DirectoryUnavailableError extends Error {}

/**
 * A user's e-mail address and name for a reminder, asked of auth over the Redis transport (the question household
 * asks; finance never reads auth's tables). Null for an account auth does not know (deleted): nothing is sent.
 */
@Injectable()
export class AuthDirectoryClient implements OnModuleDestroy {
  private readonly logger = new Logger('AuthDirectory');
  private client: ClientProxy | null = null;

  constructor(@InjectServiceConfig() private readonly config: FinanceConfig) {}

  async user(userId: string): Promise<DirectoryUser | null> {
    this.client ??= createRedisClient(this.config.REDIS_URL);
    const pattern = AUTH_DIRECTORY_PATTERNS.usersByIds;
    let reply: unknown;
    try {
      reply = await firstValueFrom(this.client.send(pattern, { ids: [userId] }).pipe(timeout(this.config.AUTH_DIRECTORY_TIMEOUT_MS)));
    } catch (error) {
      const reason = typeof error === 'object' && error !== null && 'message' in error ? String(error.message) : String(error);
      this.logger.warn(`${pattern} failed: ${reason}`);
      throw new DirectoryUnavailableError(`${pattern} did not answer`);
    }
    const parsed = UsersByIdsReplySchema.safeParse(reply);
    if (!parsed.success || !parsed.data.ok) throw new DirectoryUnavailableError(`${pattern} answered outside the contract or refused`);
    return parsed.data.users.find((user) => user.id === userId) ?? null;
  }

  async onModuleDestroy(): Promise<void> {
    await this.client?.close();
    this.client = null;
  }
}
