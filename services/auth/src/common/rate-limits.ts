import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import {
  LOGIN_FAILURE_WINDOW_SECONDS,
  LOGIN_MAX_FAILURES,
  RESET_EMAIL_INTERVAL_SECONDS,
} from '@payday/contracts';
import { REDIS } from '@payday/nest-kit';
import { AuthError } from './auth-error.js';

export const REDIS_KEY_PREFIX = Symbol('REDIS_KEY_PREFIX');

/**
 * Takes one attempt from every counter in KEYS, atomically, unless one of them is already at the limit
 * (ARGV[1]); the window (ARGV[2] seconds) starts with a counter's first attempt. Answers 1 when taken.
 */
const TAKE_ATTEMPT = `
for _, key in ipairs(KEYS) do
  if tonumber(redis.call('GET', key) or '0') >= tonumber(ARGV[1]) then return 0 end
end
for _, key in ipairs(KEYS) do
  if redis.call('INCR', key) == 1 or redis.call('TTL', key) < 0 then redis.call('EXPIRE', key, ARGV[2]) end
end
return 1`;

/** Gives an attempt back (it was not a failure); never creates a counter or takes one below zero. */
const RETURN_ATTEMPT = `
for _, key in ipairs(KEYS) do
  if tonumber(redis.call('GET', key) or '0') > 0 then redis.call('DECR', key) end
end
return 1`;

/**
 * Redis counters behind the sign-in throttles (10 per account and 10 per IP in 15 minutes; every key starts
 * with the configured prefix). An attempt is counted BEFORE it is evaluated, so a burst of concurrent
 * guesses cannot all pass a check made before any of them is counted: at most 10 are ever evaluated.
 */
@Injectable()
export class RateLimits {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(REDIS_KEY_PREFIX) private readonly prefix: string,
  ) {}

  private accountKey(email: string) {
    return `${this.prefix}login-failures:account:${email.trim().toLowerCase()}`;
  }

  private ipKey(ip: string) {
    return `${this.prefix}login-failures:ip:${ip}`;
  }

  private async take(keys: string[]): Promise<void> {
    const taken = await this.redis.eval(TAKE_ATTEMPT, keys.length, ...keys, LOGIN_MAX_FAILURES, LOGIN_FAILURE_WINDOW_SECONDS);
    if (Number(taken) !== 1) throw new AuthError('TOO_MANY_ATTEMPTS');
  }

  /** A password or sign-in code attempt: counted against the account and the IP first; 429 when either is spent. */
  takeSignInAttempt(email: string, ip: string): Promise<void> {
    return this.take([this.accountKey(email), this.ipKey(ip)]);
  }

  /** A code typed while signed in (enable / disable 2FA): counted against the account only. */
  takeAccountAttempt(email: string): Promise<void> {
    return this.take([this.accountKey(email)]);
  }

  /** The attempt was right: it gives its place back (the counters count failures). */
  async returnSignInAttempt(email: string, ip: string): Promise<void> {
    await this.redis.eval(RETURN_ATTEMPT, 2, this.accountKey(email), this.ipKey(ip));
  }

  async returnAccountAttempt(email: string): Promise<void> {
    await this.redis.eval(RETURN_ATTEMPT, 1, this.accountKey(email));
  }

  /**
   * The whole sign-in succeeded (password, and the second factor when it is on): the account starts afresh
   * and the IP gets this attempt back. Never after the password alone when 2FA is on (security review 1).
   */
  async completeSignIn(email: string, ip: string): Promise<void> {
    await this.redis.del(this.accountKey(email));
    await this.redis.eval(RETURN_ATTEMPT, 1, this.ipKey(ip));
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
