import { Logger } from '@nestjs/common';
import { ACCESS_TOKEN_TTL_SECONDS, ACCOUNT_STATUS_CHANNEL, REVOKED_SESSION_KEY_PREFIX } from '@paycadence/contracts';
import type { RedisClient } from '@paycadence/nest-kit';

/**
 * Tells every service's AuthGuard (nest-kit AccountStatusCheck) that refresh families ended, so their access
 * tokens stop working at once rather than within ACCESS_TOKEN_TTL_SECONDS: the product promises that signing
 * out ends the session everywhere immediately. Same mechanism as a suspension (AccountStatusPublisher): a key
 * living as long as an access token can, outside auth's key prefix (every service reads it), and a message on
 * ACCOUNT_STATUS_CHANNEL that updates the guards' caches at once.
 *
 * Redis down: the refresh tokens are already revoked in the database (the session cannot be renewed) and the
 * guards fail open, so an access token already out lives until it expires (15 minutes at most). Sign-out
 * itself still succeeds; the failure is logged.
 */
export class SessionRevocations {
  private readonly logger = new Logger('SessionRevocations');

  constructor(private readonly redis: RedisClient) {}

  /**
   * One MULTI per ended session (its key, then its message), the sessions in parallel. Not one MULTI for them
   * all: on a Redis Cluster the sessions' keys live on different nodes, and a transaction must stay on one
   * (docs/redis-cluster.md). Each session stays all-or-nothing: its message never goes out without its key.
   */
  async announce(familyIds: string[]): Promise<void> {
    if (!familyIds.length) return;
    const results = await Promise.allSettled(familyIds.map((sessionId) => this.announceOne(sessionId)));
    const failures = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
    if (failures.length) {
      const reason = failures[0].reason as Error;
      this.logger.warn(
        `could not announce ${failures.length} of ${familyIds.length} ended session(s); their access tokens live until they expire: ${reason?.message ?? String(reason)}`,
      );
    }
  }

  private async announceOne(sessionId: string): Promise<void> {
    const results = await this.redis
      .multi()
      .set(`${REVOKED_SESSION_KEY_PREFIX}${sessionId}`, 1, 'EX', ACCESS_TOKEN_TTL_SECONDS)
      .publish(ACCOUNT_STATUS_CHANNEL, JSON.stringify({ sessionId, status: 'revoked' }))
      .exec();
    const failed = results?.find(([error]) => error);
    if (failed) throw failed[0];
  }
}
