import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { AUTH_DIRECTORY_PATTERNS, UsersByIdsReplySchema, type DirectoryUser } from '@paycadence/contracts';
import { InjectServiceConfig, TransportClient, TransportError } from '@paycadence/nest-kit';
import type { HouseholdConfig } from '../config.js';
import { HouseholdError } from '../errors.js';

/**
 * Names and e-mails of accounts, asked of auth over the Redis transport (never from auth's tables), through
 * nest-kit's TransportClient. No answer within AUTH_DIRECTORY_TIMEOUT_MS, an unreachable Redis, a refusal or
 * a reply that breaks the contract is 503 DIRECTORY_UNAVAILABLE (the reason is logged, never sent to the
 * client).
 */
@Injectable()
export class AuthDirectoryClient implements OnModuleDestroy {
  private readonly logger = new Logger(AuthDirectoryClient.name);
  private readonly transport: TransportClient;

  constructor(@InjectServiceConfig() private readonly config: HouseholdConfig) {
    // Connected on first use: household starts (and serves what needs no names) while auth or Redis is down.
    this.transport = new TransportClient(config.REDIS_URL);
  }

  /** The accounts of these ids, by id (unknown ids are missing from the map); `timeoutMs` for a caller in a hurry. */
  async usersByIds(
    ids: readonly string[],
    timeoutMs = this.config.AUTH_DIRECTORY_TIMEOUT_MS,
  ): Promise<Map<string, DirectoryUser>> {
    const distinct = [...new Set(ids)];
    if (distinct.length === 0) return new Map();
    const pattern = AUTH_DIRECTORY_PATTERNS.usersByIds;
    let reply;
    try {
      reply = await this.transport.ask(pattern, { ids: distinct }, UsersByIdsReplySchema, { timeoutMs });
    } catch (error) {
      if (error instanceof TransportError) throw new HouseholdError('DIRECTORY_UNAVAILABLE');
      throw error;
    }
    if (!reply.ok) {
      this.logger.warn(`${pattern} answered with a refusal`);
      throw new HouseholdError('DIRECTORY_UNAVAILABLE');
    }
    return new Map(reply.users.map((user) => [user.id, user]));
  }

  async onModuleDestroy(): Promise<void> {
    await this.transport.onModuleDestroy();
  }
}
