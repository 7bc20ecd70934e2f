import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { AUTH_DIRECTORY_PATTERNS, UsersByIdsReplySchema, type DirectoryUser } from '@payday/contracts';
import { createRedisClient, InjectServiceConfig } from '@payday/nest-kit';
import { firstValueFrom, timeout } from 'rxjs';
import type { HouseholdConfig } from '../config.js';
import { HouseholdError } from '../errors.js';

/** RPC failures arrive as plain `{status, message}` objects, not Errors. */
const reason = (error: unknown) =>
  typeof error === 'object' && error !== null && 'message' in error ? String((error as { message: unknown }).message) : String(error);

/**
 * Names and e-mails of accounts, asked of auth over the Redis transport (never from auth's tables).
 * No answer within HOUSEHOLD_TRANSPORT_TIMEOUT_MS, an unreachable Redis, a refusal or a reply that breaks the
 * contract is 503 DIRECTORY_UNAVAILABLE (the reason is logged, never sent to the client).
 */
@Injectable()
export class AuthDirectoryClient implements OnModuleDestroy {
  private readonly logger = new Logger(AuthDirectoryClient.name);
  private client: ClientProxy | null = null;

  constructor(@InjectServiceConfig() private readonly config: HouseholdConfig) {}

  /** The accounts of these ids, by id (unknown ids are missing from the map); `timeoutMs` for a caller in a hurry. */
  async usersByIds(ids: readonly string[], timeoutMs = this.config.HOUSEHOLD_TRANSPORT_TIMEOUT_MS): Promise<Map<string, DirectoryUser>> {
    const distinct = [...new Set(ids)];
    if (distinct.length === 0) return new Map();
    // Connected on first use: household starts (and serves what needs no names) while auth or Redis is down.
    this.client ??= createRedisClient(this.config.REDIS_URL);
    const pattern = AUTH_DIRECTORY_PATTERNS.usersByIds;
    let reply: unknown;
    try {
      reply = await firstValueFrom(this.client.send(pattern, { ids: distinct }).pipe(timeout(timeoutMs)));
    } catch (error) {
      this.logger.warn(`${pattern} failed: ${reason(error)}`);
      throw new HouseholdError('DIRECTORY_UNAVAILABLE');
    }
    const parsed = UsersByIdsReplySchema.safeParse(reply);
    if (!parsed.success || !parsed.data.ok) {
      this.logger.warn(`${pattern} answered ${parsed.success ? 'with a refusal' : 'with an unexpected shape'}`);
      throw new HouseholdError('DIRECTORY_UNAVAILABLE');
    }
    return new Map(parsed.data.users.map((user) => [user.id, user]));
  }

  async onModuleDestroy(): Promise<void> {
    await this.client?.close();
    this.client = null;
  }
}
