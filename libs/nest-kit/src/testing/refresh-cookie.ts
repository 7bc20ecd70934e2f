import { CSRF_HEADER, REFRESH_COOKIE } from '@paycadence/contracts';
import { parseSetCookie, stringifyCookie, type SetCookie } from 'cookie';

/** Anything with response headers: fetch's Headers (the harness's `call`) or a plain record (light-my-request). */
export interface WithHeaders {
  headers: Headers | Record<string, string | string[] | number | undefined>;
}

function setCookieLines(response: WithHeaders): string[] {
  const { headers } = response;
  if (typeof (headers as Headers).getSetCookie === 'function') return (headers as Headers).getSetCookie();
  const raw = (headers as Record<string, unknown>)['set-cookie'];
  return Array.isArray(raw) ? raw.map(String) : raw === undefined ? [] : [String(raw)];
}

/**
 * The refresh cookie an answer sets, parsed (name, value, path, maxAge, httpOnly, secure, sameSite), or
 * undefined when the answer sets none. A clearing answer has `maxAge: 0` and an empty value.
 */
export function refreshSetCookie(response: WithHeaders): SetCookie | undefined {
  return setCookieLines(response)
    .map((line) => parseSetCookie(line))
    .find((cookie) => cookie.name === REFRESH_COOKIE.name);
}

/**
 * The refresh token an answer (sign-in, sign-up, 2FA verify, refresh) hands over in its cookie, as a
 * non-browser caller reads it (docs/security.md); undefined when the answer sets none or clears it.
 */
export function refreshCookieFrom(response: WithHeaders): string | undefined {
  const cookie = refreshSetCookie(response);
  return cookie?.value && cookie.maxAge !== 0 ? cookie.value : undefined;
}

/** The headers a non-browser caller sends to POST /api/auth/refresh: the cookie and the CSRF header. */
export function refreshHeaders(refreshToken: string): Record<string, string> {
  return {
    cookie: stringifyCookie({ [REFRESH_COOKIE.name]: refreshToken }),
    [CSRF_HEADER.name.toLowerCase()]: CSRF_HEADER.value,
  };
}
