import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { ExistingHouseholdsReplySchema, HOUSEHOLD_PATTERNS, MembershipsOfReplySchema, membershipVersionKey, type Membership } from '@payday/contracts';
import { createRedisClient, InjectServiceConfig, REDIS } from '@payday/nest-kit';
import type { Redis } from 'ioredis';
import { firstValueFrom, timeout } from 'rxjs';
import type { FinanceConfig } from '../config.js';
import { KeptMemberships } from './kept-memberships.js';

/**
 * Finance's side of the Redis transport to household: which households a user belongs to, with
 * their role and members. An answer is reused while the user's membership version in Redis is the one it came
 * with (KeptMemberships), so leaving a household (or a role change) still takes effect on the next request, for
 * one Redis GET instead of a question to household on every request.
 * `null` means household did not answer (or answered nonsense): callers then show personal items only and refuse
 * writes of shared items. After a failure, asking is skipped for HOUSEHOLD_RETRY_AFTER_MS.
 */
/** household's answer, and whether it came from household now (fresh) or was kept (KeptMemberships). */
export interface MembershipAnswer {
  households: Membership[];
  fresh: boolean;
}

@Injectable()
export class HouseholdClient implements OnModuleDestroy {
  private readonly logger = new Logger(HouseholdClient.name);
  private client: ClientProxy | null = null;
  private unavailableUntil = 0;
  private readonly kept: KeptMemberships;

  constructor(
    @InjectServiceConfig() private readonly config: FinanceConfig,
    @Inject(REDIS) private readonly redis: Redis,
  ) {
    this.kept = new KeptMemberships(config.MEMBERSHIPS_MAX_AGE_MS);
  }

  async membershipsOf(userId: string): Promise<MembershipAnswer | null> {
    // Wall-clock time (not the injectable business clock, which tests may freeze).
    if (Date.now() < this.unavailableUntil) return null;
    const version = await this.membershipVersion(userId);
    const kept = version === null ? undefined : this.kept.lookup(userId, version, Date.now());
    if (kept) return { households: kept, fresh: false };
    try {
      // Connected on first use: finance starts (and serves personal items) while household or Redis is down.
      this.client ??= createRedisClient(this.config.REDIS_URL);
      const reply: unknown = await firstValueFrom(
        this.client.send(HOUSEHOLD_PATTERNS.membershipsOf, { userId }).pipe(timeout(this.config.HOUSEHOLD_TIMEOUT_MS)),
      );
      const parsed = MembershipsOfReplySchema.safeParse(reply);
      if (!parsed.success) throw new Error('unexpected reply shape');
      if (!parsed.data.ok) throw new Error(parsed.data.message);
      // Kept under the version household read before the households (never ours, which may be older or missing).
      if (parsed.data.version) this.kept.keep(userId, parsed.data.version, parsed.data.households, Date.now());
      return { households: parsed.data.households, fresh: true };
    } catch (error) {
      this.logger.warn(`household did not answer ${HOUSEHOLD_PATTERNS.membershipsOf}: ${(error as Error).message}`);
      this.unavailableUntil = Date.now() + this.config.HOUSEHOLD_RETRY_AFTER_MS;
      return null;
    }
  }

  /** The user's membership version, or null (none yet, or Redis unreachable: then household is asked). */
  private async membershipVersion(userId: string): Promise<string | null> {
    if (this.config.MEMBERSHIPS_MAX_AGE_MS === 0) return null;
    return this.redis.get(membershipVersionKey(userId)).catch(() => null);
  }

  /**
   * Which of these households still exist; null when household did not answer (then nothing is concluded).
   * Does not trip the breaker: it only backs up a lost `household.deleted` event.
   */
  async existing(householdIds: readonly string[]): Promise<Set<string> | null> {
    try {
      this.client ??= createRedisClient(this.config.REDIS_URL);
      const reply: unknown = await firstValueFrom(
        this.client.send(HOUSEHOLD_PATTERNS.existing, { householdIds }).pipe(timeout(this.config.HOUSEHOLD_TIMEOUT_MS)),
      );
      const parsed = ExistingHouseholdsReplySchema.safeParse(reply);
      if (!parsed.success) throw new Error('unexpected reply shape');
      if (!parsed.data.ok) throw new Error(parsed.data.message);
      return new Set(parsed.data.householdIds);
    } catch (error) {
      this.logger.warn(`household did not answer ${HOUSEHOLD_PATTERNS.existing}: ${(error as Error).message}`);
      return null;
    }
  }

  async onModuleDestroy(): Promise<void> {
    await this.client?.close();
    this.client = null;
  }
}
