import { Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { ACCESS_TOKEN_TTL_SECONDS, ACCOUNT_STATUS_CHANNEL, REVOKED_SESSION_KEY_PREFIX } from '@paycadence/contracts';

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

  constructor(private readonly redis: Redis) {}

  async announce(familyIds: string[]): Promise<void> {
    if (!familyIds.length) return;
    const batch = this.redis.multi();
    for (const sessionId of familyIds) {
      batch.set(`${REVOKED_SESSION_KEY_PREFIX}${sessionId}`, 1, 'EX', ACCESS_TOKEN_TTL_SECONDS);
      batch.publish(ACCOUNT_STATUS_CHANNEL, JSON.stringify({ sessionId, status: 'revoked' }));
    }
    try {
      const results = await batch.exec();
      const failed = results?.find(([error]) => error);
      if (failed) throw failed[0];
    } catch (error) {
      this.logger.warn(`could not announce ${familyIds.length} ended session(s); their access tokens live until they expire: ${(error as Error).message}`);
    }
  }
}
