import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import {
  AUTH_MESSAGES,
  LOGIN_FAILURE_WINDOW_SECONDS,
  LOGIN_MAX_FAILURES,
  RESET_EMAIL_INTERVAL_SECONDS,
} from '@payday/contracts';
import { DomainError, REDIS } from '@payday/nest-kit';

export const REDIS_KEY_PREFIX = Symbol('REDIS_KEY_PREFIX');

export class TooManyAttemptsError extends DomainError {
  constructor() {
    super('TOO_MANY_ATTEMPTS', 429, AUTH_MESSAGES.tooManyAttempts);
  }
}

/** Redis counters behind the throttles of issue 3; every key starts with the configured prefix. */
@Injectable()
export class RateLimits {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(REDIS_KEY_PREFIX) private readonly prefix: string,
  ) {}

  private failureKeys(email: string, ip: string) {
    return [`${this.prefix}login-failures:account:${email.toLowerCase()}`, `${this.prefix}login-failures:ip:${ip}`];
  }

  /** 10 failed sign-ins for one account, or from one IP, within 15 minutes: 429 until the window ends. */
  async assertSignInAllowed(email: string, ip: string): Promise<void> {
    const counts = await this.redis.mget(...this.failureKeys(email, ip));
    if (counts.some((count) => Number(count ?? 0) >= LOGIN_MAX_FAILURES)) throw new TooManyAttemptsError();
  }

  /** Counts one failure against the account and the IP; the window starts at the first failure. */
  async recordSignInFailure(email: string, ip: string): Promise<void> {
    const pipeline = this.redis.multi();
    for (const key of this.failureKeys(email, ip)) {
      pipeline.set(key, 0, 'EX', LOGIN_FAILURE_WINDOW_SECONDS, 'NX').incr(key);
    }
    await pipeline.exec();
  }

  async clearAccountFailures(email: string): Promise<void> {
    await this.redis.del(this.failureKeys(email, '-')[0]);
  }

  /** At most one reset e-mail a minute per address: true when this one may go out. */
  async claimResetEmail(email: string): Promise<boolean> {
    const key = `${this.prefix}reset-email:${email.toLowerCase()}`;
    return (await this.redis.set(key, 1, 'EX', RESET_EMAIL_INTERVAL_SECONDS, 'NX')) === 'OK';
  }

  /** One-time use of a short-lived token id (the mfa_token): true the first time only. */
  async claimOnce(kind: string, id: string, ttlSeconds: number): Promise<boolean> {
    return (await this.redis.set(`${this.prefix}once:${kind}:${id}`, 1, 'EX', Math.max(1, ttlSeconds), 'NX')) === 'OK';
  }
}
