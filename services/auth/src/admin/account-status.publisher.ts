import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { ACCESS_TOKEN_TTL_SECONDS, ACCOUNT_STATUS_CHANNEL, SUSPENDED_ACCOUNT_KEY_PREFIX, type UserStatus } from '@paycadence/contracts';
import { REDIS } from '@paycadence/nest-kit';

/**
 * Tells every service's AuthGuard (nest-kit AccountStatusCheck) about a status change: the suspension key
 * (not under auth's REDIS_KEY_PREFIX: every service reads it) lives as long as an access token can, and the
 * message on ACCOUNT_STATUS_CHANNEL updates their caches at once.
 */
@Injectable()
export class AccountStatusPublisher {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async publish(userId: string, status: UserStatus): Promise<void> {
    const key = `${SUSPENDED_ACCOUNT_KEY_PREFIX}${userId}`;
    if (status === 'suspended') await this.redis.set(key, 1, 'EX', ACCESS_TOKEN_TTL_SECONDS);
    else await this.redis.del(key);
    await this.redis.publish(ACCOUNT_STATUS_CHANNEL, JSON.stringify({ userId, status }));
  }
}
