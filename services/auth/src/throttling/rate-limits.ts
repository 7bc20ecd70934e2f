import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import {
  CONFIRMATION_EMAIL_INTERVAL_SECONDS,
  CONFIRMATION_EMAILS_PER_DAY,
  LOGIN_ACCOUNT_DELAY,
  LOGIN_ACCOUNT_FREE_FAILURES,
  LOGIN_CLIENT_MAX_FAILURES,
  LOGIN_FAILURE_WINDOW_SECONDS,
  LOGIN_KNOWN_CLIENT_SECONDS,
  LOGIN_MAX_FAILURES,
  PASSKEY_OPTIONS_PER_CLIENT,
  PASSWORD_RESET_MAX_PER_CLIENT,
  PASSWORD_RESET_WINDOW_SECONDS,
  REGISTRATION_MAX_PER_CLIENT,
  REGISTRATION_WINDOW_SECONDS,
  RESET_EMAIL_INTERVAL_SECONDS,
} from '@paycadence/contracts';
import { CLOCK, REDIS, giveBackAllowance, takeAllowance, type Clock } from '@paycadence/nest-kit';
import { clientKey, widerClientKeys } from './client-key.js';
import { COMPLETE_SIGN_IN, GIVE_BACK_SIGN_IN_ATTEMPT, TAKE_SIGN_IN_ATTEMPT } from './scripts.js';
import { ThrottledError, type ThrottleScope } from './throttled-error.js';

export const REDIS_KEY_PREFIX = Symbol('REDIS_KEY_PREFIX');

/** A counted sign-in attempt, to give back when it turns out right (see `giveBack`). */
export interface SignInAttempt {
  readonly keys: readonly string[];
  readonly hardCounters: number;
  readonly previousLast: string;
  readonly at: string;
}

type Step = 'password' | 'second-factor';

/**
 * The throttles of sign-in, registration and password reset (the design and its figures are
 * in contracts' auth.ts next to LOGIN_MAX_FAILURES). Counters live in Redis under the configured prefix and
 * are changed only by the atomic scripts in ../throttling/scripts.ts; the account's slowing is measured with
 * the injected clock. `ip` is fastify's request.ip (nest-kit's trustProxy: only TRUSTED_PROXIES may move it).
 */
@Injectable()
export class RateLimits {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(REDIS_KEY_PREFIX) private readonly prefix: string,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  private account(email: string) {
    return email.trim().toLowerCase();
  }

  private keys(email: string, ip: string | null) {
    const account = this.account(email);
    const client = clientKey(ip);
    const p = this.signInPrefix();
    return {
      pair: `${p}pair:${client}|${account}`,
      client: `${p}client:${client}`,
      password: `${p}account:${account}`,
      secondFactor: `${p}second-factor:${account}`,
      known: `${p}known:${client}|${account}`,
    };
  }

  /** IPv6 only: the client's /56 and /48 counters. */
  private widerClients(ip: string | null) {
    return widerClientKeys(ip).map(({ key, maxFailures }) => ({ key: `${this.signInPrefix()}client:${key}`, limit: maxFailures, scope: 'client' as const }));
  }

  /**
   * Every sign-in key starts with this. The sign-in scripts read and write the pair, client, account and
   * known-client keys together, and a Redis Cluster runs a script only on keys of one hash slot: the hash tag
   * `{sign-in}` puts all of them in one slot (docs/redis-cluster.md). They still start with the prefix, which
   * the Redis ACLs and the tests' clean-up go by. On one Redis the braces are plain characters.
   */
  private signInPrefix() {
    return `${this.prefix}{sign-in}:`;
  }

  private async take(
    step: Step,
    hard: { key: string; limit: number; scope: ThrottleScope }[],
    state: string,
    known: string,
    trustedDevice = false,
  ): Promise<SignInAttempt> {
    const at = String(this.clock.now().getTime());
    const keys = [...hard.map(({ key }) => key), state, known];
    const answer = (await this.redis.eval(
      TAKE_SIGN_IN_ATTEMPT,
      keys.length,
      ...keys,
      hard.length,
      LOGIN_FAILURE_WINDOW_SECONDS,
      LOGIN_ACCOUNT_FREE_FAILURES,
      LOGIN_ACCOUNT_DELAY.firstSeconds * 1000,
      LOGIN_ACCOUNT_DELAY.maxSeconds * 1000,
      at,
      // The password is not slowed from a client the account signed in from lately, nor from a browser holding
      // the account's device cookie; the second factor always is.
      step === 'password' ? (trustedDevice ? '2' : '1') : '0',
      ...hard.map(({ limit }) => limit),
    )) as [string, string | number, number?];
    const [outcome, detail, leftMs] = answer;
    if (outcome === 'hard') throw new ThrottledError(hard[Number(detail) - 1].scope, Number(leftMs) / 1000);
    if (outcome === 'slowed') throw new ThrottledError(step === 'password' ? 'account' : 'second-factor', Number(leftMs) / 1000);
    return { keys: keys.slice(0, -1), hardCounters: hard.length, previousLast: String(detail ?? ''), at };
  }

  /**
   * A password attempt: counted for the pair, the client and the account first; ThrottledError (429) when
   * refused. `trustedDevice`: the request carries a valid device cookie of this account (DeviceCookies), which
   * exempts it from the account's slowing only.
   */
  takePasswordAttempt(email: string, ip: string | null, trustedDevice = false): Promise<SignInAttempt> {
    const keys = this.keys(email, ip);
    return this.take(
      'password',
      [
        { key: keys.pair, limit: LOGIN_MAX_FAILURES, scope: 'pair' },
        { key: keys.client, limit: LOGIN_CLIENT_MAX_FAILURES, scope: 'client' },
        ...this.widerClients(ip),
      ],
      keys.password,
      keys.known,
      trustedDevice,
    );
  }

  /**
   * A second-factor code at sign-in: the same pair and client counters as passwords (a code is a guess like a
   * password), and the account's own second-factor slowing (someone holding the password cannot walk the code
   * space from many addresses, and someone without it cannot slow the owner's code step).
   */
  takeCodeAttempt(email: string, ip: string | null): Promise<SignInAttempt> {
    const keys = this.keys(email, ip);
    return this.take(
      'second-factor',
      [
        { key: keys.pair, limit: LOGIN_MAX_FAILURES, scope: 'pair' },
        { key: keys.client, limit: LOGIN_CLIENT_MAX_FAILURES, scope: 'client' },
        ...this.widerClients(ip),
      ],
      keys.secondFactor,
      keys.known,
    );
  }

  /** The attempt was right but the sign-in is not done (a password, 2FA next): it gives its place back. */
  async giveBack(attempt: SignInAttempt): Promise<void> {
    await this.redis.eval(GIVE_BACK_SIGN_IN_ATTEMPT, attempt.keys.length, ...attempt.keys, attempt.hardCounters, attempt.previousLast, attempt.at);
  }

  /**
   * The whole sign-in succeeded (password, and the second factor when it is on): the pair and the account start
   * afresh, the client gets this attempt back, and the client becomes known to the account (its password is not
   * slowed from there). Never after the password alone when 2FA is on.
   */
  async completeSignIn(email: string, ip: string | null): Promise<void> {
    const keys = this.keys(email, ip);
    await this.redis.eval(COMPLETE_SIGN_IN, 5, keys.pair, keys.client, keys.password, keys.secondFactor, keys.known, LOGIN_KNOWN_CLIENT_SECONDS);
  }

  private settingsKey(email: string) {
    return `${this.prefix}two-factor-settings:${this.account(email)}`;
  }

  /**
   * A code or password typed while signed in, to turn 2FA on or off: LOGIN_MAX_FAILURES per account in the
   * window, whatever the address, then 429. A hard limit is safe here: only a signed-in session reaches it, and
   * it closes the 2FA settings for a while, never the sign-in.
   */
  takeAccountAttempt(email: string): Promise<void> {
    return this.takeAllowance(this.settingsKey(email), LOGIN_MAX_FAILURES, LOGIN_FAILURE_WINDOW_SECONDS, 'two-factor-settings');
  }

  /** The code and password were right: the attempt gives its place back. */
  async returnAccountAttempt(email: string): Promise<void> {
    await giveBackAllowance(this.redis, this.settingsKey(email));
  }

  private async takeAllowance(key: string, limit: number, windowSeconds: number, scope: ThrottleScope): Promise<void> {
    const leftMs = await takeAllowance(this.redis, key, limit, windowSeconds);
    if (leftMs > 0) throw new ThrottledError(scope, leftMs / 1000);
  }

  /**
   * Passkey sign-in options from this client (each holds a challenge in Redis for a few minutes; the sign-in
   * screen asks once per visit): ThrottledError past the allowance.
   */
  takePasskeyOptions(ip: string | null): Promise<void> {
    return this.takeAllowance(`${this.prefix}passkey-options:${clientKey(ip)}`, PASSKEY_OPTIONS_PER_CLIENT, LOGIN_FAILURE_WINDOW_SECONDS, 'passkey');
  }

  /**
   * A passkey no account has, from this client: counted like failed sign-ins of the client (no account to slow),
   * so credential ids cannot be tried without limit.
   */
  takeUnknownPasskey(ip: string | null): Promise<void> {
    return this.takeAllowance(`${this.prefix}passkey-unknown:${clientKey(ip)}`, LOGIN_CLIENT_MAX_FAILURES, LOGIN_FAILURE_WINDOW_SECONDS, 'client');
  }

  /** One registration from this client (argon2 runs for each): ThrottledError past the hourly allowance. */
  takeRegistration(ip: string | null): Promise<void> {
    return this.takeAllowance(`${this.prefix}register:${clientKey(ip)}`, REGISTRATION_MAX_PER_CLIENT, REGISTRATION_WINDOW_SECONDS, 'registration');
  }

  /** One password-reset request from this client: ThrottledError past the hourly allowance. */
  takeResetRequest(ip: string | null): Promise<void> {
    return this.takeAllowance(`${this.prefix}reset-request:${clientKey(ip)}`, PASSWORD_RESET_MAX_PER_CLIENT, PASSWORD_RESET_WINDOW_SECONDS, 'password-reset');
  }

  /** At most one reset e-mail a minute per address: true when this one may go out. */
  async claimResetEmail(email: string): Promise<boolean> {
    const key = `${this.prefix}reset-email:${email.toLowerCase()}`;
    return (await this.redis.set(key, 1, 'EX', RESET_EMAIL_INTERVAL_SECONDS, 'NX')) === 'OK';
  }

  /**
   * One confirmation e-mail for this account: ThrottledError within a minute of the last one (naming the seconds
   * left) or past the day's allowance. Keyed by account, not client: the address is the account's.
   */
  async takeConfirmationEmail(userId: string): Promise<void> {
    const key = `${this.prefix}confirm-email:${userId}`;
    if ((await this.redis.set(key, 1, 'EX', CONFIRMATION_EMAIL_INTERVAL_SECONDS, 'NX')) !== 'OK') {
      const leftMs = await this.redis.pttl(key);
      throw new ThrottledError('confirmation-email', Math.max(1000, leftMs) / 1000);
    }
    await this.takeAllowance(`${this.prefix}confirm-email-day:${userId}`, CONFIRMATION_EMAILS_PER_DAY, 24 * 60 * 60, 'confirmation-email-daily');
  }

  /** One-time use of a short-lived token id (the mfa_token): true the first time only. */
  async claimOnce(kind: string, id: string, ttlSeconds: number): Promise<boolean> {
    return (await this.redis.set(`${this.prefix}once:${kind}:${id}`, 1, 'EX', Math.max(1, ttlSeconds), 'NX')) === 'OK';
  }
}
