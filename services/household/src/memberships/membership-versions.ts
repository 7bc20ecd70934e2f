import { Inject, Injectable, Logger } from '@nestjs/common';
import { MEMBERSHIP_VERSION_TTL_SECONDS, membershipVersionKey } from '@paycadence/contracts';
import { REDIS } from '@paycadence/nest-kit';
import type { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { HouseholdEventsPublisher } from '../events/household-events.publisher.js';

/**
 * The membership versions finance checks its kept answers against (membershipVersionKey in libs/contracts).
 * `current` is read before the households are, so an answer is never filed under a version newer than its data;
 * `replace` runs after a change committed and before the change is answered, so the member's next request anywhere
 * sees the new version.
 */
@Injectable()
export class MembershipVersions {
  private readonly logger = new Logger('MembershipVersions');

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(HouseholdEventsPublisher) private readonly events: HouseholdEventsPublisher,
  ) {}

  /** The user's version, created when there is none; null when Redis refused (finance then keeps nothing). */
  async current(userId: string): Promise<string | null> {
    try {
      // SET NX GET: the existing token, or null once ours was stored (Redis ≥ 7.0).
      const candidate = randomUUID();
      const existing = (await this.redis.call('SET', membershipVersionKey(userId), candidate, 'NX', 'GET', 'EX', MEMBERSHIP_VERSION_TTL_SECONDS)) as string | null;
      return existing ?? candidate;
    } catch (error) {
      this.logger.warn(`membership version of ${userId} unavailable: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    }
  }

  /**
   * New versions for these users (every member a committed change concerns), and the event that has finance plan
   * their reminders again. A failure is logged, not answered: the change stands, and finance keeps an answer at most
   * MEMBERSHIPS_MAX_AGE_MS (its config), which bounds the staleness of that rare case. One SET per user rather than
   * one pipeline: on a Redis Cluster the users' keys live on different nodes (docs/redis-cluster.md).
   */
  async replace(userIds: Iterable<string>): Promise<void> {
    const users = [...new Set(userIds)];
    const results = await Promise.allSettled(
      users.map((userId) => this.redis.set(membershipVersionKey(userId), randomUUID(), 'EX', MEMBERSHIP_VERSION_TTL_SECONDS)),
    );
    // After the versions: finance's plan then asks household again rather than reading a kept answer.
    if (users.length > 0) this.events.membershipsChanged(users);
    const failed = results.find((result) => result.status === 'rejected');
    if (failed) {
      const error: unknown = failed.reason;
      this.logger.error(`membership versions not replaced: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
