import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { AUTH_DIRECTORY_PATTERNS, UsersByIdsReplySchema, type DirectoryUser } from '@paycadence/contracts';
import { InjectServiceConfig, TransportClient, TransportError } from '@paycadence/nest-kit';
import type { FinanceConfig } from '../config.js';

/** The directory did not answer (or answered outside the contract): the reminder job fails and is retried. */
export class DirectoryUnavailableError extends Error {}

/**
 * A user's e-mail address and name for a reminder, asked of auth over the Redis transport (the question household
 * asks; finance never reads auth's tables) through nest-kit's TransportClient, waiting at most
 * AUTH_DIRECTORY_TIMEOUT_MS. Null for an account auth does not know (deleted): nothing is sent.
 */
@Injectable()
export class AuthDirectoryClient implements OnModuleDestroy {
  private readonly transport: TransportClient;

  constructor(@InjectServiceConfig() private readonly config: FinanceConfig) {
    // Connected on first use: the worker starts while auth or Redis is down.
    this.transport = new TransportClient(config.REDIS_URL);
  }

  async user(userId: string): Promise<DirectoryUser | null> {
    const pattern = AUTH_DIRECTORY_PATTERNS.usersByIds;
    const timeoutMs = this.config.AUTH_DIRECTORY_TIMEOUT_MS;
    let reply;
    try {
      reply = await this.transport.ask(pattern, { ids: [userId] }, UsersByIdsReplySchema, { timeoutMs });
    } catch (error) {
      if (!(error instanceof TransportError)) throw error;
      // The client logged the reason; the job's error says only what failed.
      const what = error.reason === 'bad-shape' ? 'answered outside the contract' : 'did not answer';
      throw new DirectoryUnavailableError(`${pattern} ${what}`);
    }
    if (!reply.ok) throw new DirectoryUnavailableError(`${pattern} refused: ${reply.message}`);
    return reply.users.find((user) => user.id === userId) ?? null;
  }

  async onModuleDestroy(): Promise<void> {
    await this.transport.onModuleDestroy();
  }
}
