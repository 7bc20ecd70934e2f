import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import {
  ExistingHouseholdsReplySchema,
  HOUSEHOLD_PATTERNS,
  MembershipsOfReplySchema,
  membershipVersionKey,
  type Membership,
} from '@paycadence/contracts';
import { InjectServiceConfig, REDIS, TransportClient, TransportError } from '@paycadence/nest-kit';
import type { Redis } from 'ioredis';
import type { z } from 'zod';
import type { FinanceConfig } from '../config.js';
import { KeptMemberships } from './kept-memberships.js';

/**
 * Finance's side of the Redis transport to household: which households a user belongs to, with
 * their role and members. An answer is reused while the user's membership version in Redis is the one it came
 * with (KeptMemberships), so leaving a household (or a role change) still takes effect on the next request, for
 * one Redis GET instead of a question to household on every request.
 * `null` means household did not answer within HOUSEHOLD_TIMEOUT_MS, answered nonsense or refused the
 * question (nest-kit's TransportClient underneath): callers then show personal items only and refuse writes
 * of shared items. After a failure, asking is skipped for HOUSEHOLD_RETRY_AFTER_MS.
 */
/** household's answer, and whether it came from household now (fresh) or was kept (KeptMemberships). */
export interface MembershipAnswer {
  households: Membership[];
  fresh: boolean;
}

@Injectable()
export class HouseholdClient implements OnModuleDestroy {
  private readonly logger = new Logger(HouseholdClient.name);
  private readonly transport: TransportClient;
  private unavailableUntil = 0;
  private readonly kept: KeptMemberships;

  constructor(
    @InjectServiceConfig() private readonly config: FinanceConfig,
    @Inject(REDIS) private readonly redis: Redis,
  ) {
    this.kept = new KeptMemberships(config.MEMBERSHIPS_MAX_AGE_MS);
    // Connected on first use: finance starts (and serves personal items) while household or Redis is down.
    this.transport = new TransportClient(config.REDIS_URL);
  }

  async membershipsOf(userId: string): Promise<MembershipAnswer | null> {
    // Wall-clock time (not the injectable business clock, which tests may freeze).
    if (Date.now() < this.unavailableUntil) return null;
    const version = await this.membershipVersion(userId);
    const kept = version === null ? undefined : this.kept.lookup(userId, version, Date.now());
    if (kept) return { households: kept, fresh: false };
    const reply = await this.answer(HOUSEHOLD_PATTERNS.membershipsOf, { userId }, MembershipsOfReplySchema);
    if (!reply) {
      this.unavailableUntil = Date.now() + this.config.HOUSEHOLD_RETRY_AFTER_MS;
      return null;
    }
    // Kept under the version household read before the households (never ours, which may be older or
    // missing).
    if (reply.version) this.kept.keep(userId, reply.version, reply.households, Date.now());
    return { households: reply.households, fresh: true };
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
    const pattern = HOUSEHOLD_PATTERNS.existing;
    const reply = await this.answer(pattern, { householdIds }, ExistingHouseholdsReplySchema);
    return reply ? new Set(reply.householdIds) : null;
  }

  /**
   * household's `{ok: true}` answer, or null when it gave none: no answer in time, a reply outside the
   * contract (the TransportClient logged either) or a refusal (logged here).
   */
  private async answer<T extends z.ZodType<{ ok: boolean; message?: string }>>(
    pattern: string,
    payload: unknown,
    replySchema: T,
  ): Promise<Extract<z.output<T>, { ok: true }> | null> {
    const timeoutMs = this.config.HOUSEHOLD_TIMEOUT_MS;
    let reply: z.output<T>;
    try {
      reply = await this.transport.ask(pattern, payload, replySchema, { timeoutMs });
    } catch (error) {
      if (error instanceof TransportError) return null;
      throw error;
    }
    if (reply.ok) return reply as Extract<z.output<T>, { ok: true }>;
    this.logger.warn(`household refused ${pattern}: ${reply.message}`);
    return null;
  }

  async onModuleDestroy(): Promise<void> {
    await this.transport.onModuleDestroy();
  }
}
