import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DEVICE_COOKIE, LOGIN_KNOWN_CLIENT_SECONDS } from '@paycadence/contracts';
import { CLOCK, type Clock } from '@paycadence/nest-kit';
import { stringifySetCookie } from 'cookie';
import { AUTH_KEYS, type AuthKeys } from '../tokens/auth-keys.js';

const VERSION = 'v1';
/** Ours are about 90 characters; anything longer is not parsed. */
const MAX_LENGTH = 256;

/**
 * OWASP's device cookie (DEVICE_COOKIE in contracts): `v1.<expires s>.<random id>.<mac>`,
 * mac = HMAC-SHA256 over the same fields and the account (lower-cased e-mail, not in the cookie itself), keyed by
 * AuthKeys.deviceCookieKey (HKDF of the encryption key). A valid one exempts this browser from the account's
 * slowing for that account only; the pair and client limits still apply to it.
 */
@Injectable()
export class DeviceCookies {
  constructor(
    @Inject(AUTH_KEYS) private readonly keys: AuthKeys,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  private mac(fields: string, account: string): Buffer {
    return createHmac('sha256', this.keys.deviceCookieKey).update(`${fields}|${account.trim().toLowerCase()}`).digest();
  }

  /** The `Set-Cookie` a full sign-in of `email` hands to the browser. */
  issue(email: string): string {
    const expires = Math.floor(this.clock.now().getTime() / 1000) + LOGIN_KNOWN_CLIENT_SECONDS;
    const fields = `${VERSION}.${expires}.${randomBytes(16).toString('base64url')}`;
    const value = `${fields}.${this.mac(fields, email).toString('base64url')}`;
    return stringifySetCookie(DEVICE_COOKIE.name, value, {
      path: DEVICE_COOKIE.path,
      httpOnly: true,
      secure: true,
      sameSite: 'strict',
      maxAge: LOGIN_KNOWN_CLIENT_SECONDS,
    });
  }

  /** Whether `value` (the request's DEVICE_COOKIE) is ours, unexpired and issued for `email`. */
  trusts(value: string | undefined, email: string): boolean {
    if (!value || value.length > MAX_LENGTH) return false;
    const cut = value.lastIndexOf('.');
    if (cut < 0) return false;
    const fields = value.slice(0, cut);
    const [version, expires, id, extra] = fields.split('.');
    if (version !== VERSION || !id || extra !== undefined || !/^\d{1,12}$/.test(expires ?? '')) return false;
    if (Number(expires) * 1000 <= this.clock.now().getTime()) return false;
    const given = Buffer.from(value.slice(cut + 1), 'base64url');
    const expected = this.mac(fields, email);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
