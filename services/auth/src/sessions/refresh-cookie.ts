import { CSRF_HEADER, REFRESH_COOKIE, REFRESH_TOKEN_TTL_SECONDS } from '@paycadence/contracts';
import { parseCookie, stringifySetCookie } from 'cookie';

// The refresh token travels only in an HttpOnly, Secure, SameSite=Strict cookie scoped to POST
// /api/auth/refresh (docs/security.md). Chromium accepts Secure cookies on
// http://localhost, so development and the e2e suite keep Secure too.

type Headers = Record<string, string | string[] | undefined>;

/** Something we can set a response header on: fastify's reply (and a test double). */
export interface HeaderSink {
  header(name: string, value: string): unknown;
}

const ATTRIBUTES = { path: REFRESH_COOKIE.path, httpOnly: true, secure: true, sameSite: 'strict' } as const;

/** `Set-Cookie` that hands a (new) refresh token to the browser for its whole lifetime. */
export function refreshCookie(refreshToken: string): string {
  return stringifySetCookie(REFRESH_COOKIE.name, refreshToken, { ...ATTRIBUTES, maxAge: REFRESH_TOKEN_TTL_SECONDS });
}

/** `Set-Cookie` that removes it (same name and Path, Max-Age=0): sign-out, or a refresh refused for good. */
export function clearedRefreshCookie(): string {
  return stringifySetCookie(REFRESH_COOKIE.name, '', { ...ATTRIBUTES, maxAge: 0 });
}

export const setRefreshCookie = (reply: HeaderSink, refreshToken: string) => reply.header('set-cookie', refreshCookie(refreshToken));
export const clearRefreshCookie = (reply: HeaderSink) => reply.header('set-cookie', clearedRefreshCookie());

/**
 * The value of the cookie `name` in the request's `Cookie` header (the first one), or undefined. The `cookie`
 * library reads it in linear time and has no length cap of its own (a large header of other
 * cookies must not hide ours and so sign the user out); node's header limit bounds it.
 */
export function cookieValue(headers: Headers, name: string): string | undefined {
  const raw = headers.cookie;
  const header = Array.isArray(raw) ? raw.join('; ') : raw;
  if (!header) return undefined;
  return parseCookie(header)[name] || undefined;
}

/** The refresh token the request's `Cookie` header carries, or undefined. */
export function refreshTokenFrom(headers: Headers): string | undefined {
  return cookieValue(headers, REFRESH_COOKIE.name);
}

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * CSRF defence of the cookie-authenticated route: the CSRF header must be there (no cross-site form can send
 * it, and a cross-site script cannot without a CORS preflight nobody grants); an `Origin` must be the app's
 * own (APP_URL); and `Sec-Fetch-Site`, which browsers set themselves, must be same-origin or none. Headers a
 * browser does not send (scripts, tests) are not required, only the CSRF header is.
 */
export function crossSiteRefusal(headers: Headers, appUrl: string): string | undefined {
  if (single(headers[CSRF_HEADER.name.toLowerCase()]) !== CSRF_HEADER.value) return `missing ${CSRF_HEADER.name}`;
  const origin = single(headers.origin);
  if (origin !== undefined && origin !== new URL(appUrl).origin) return 'foreign origin';
  const site = single(headers['sec-fetch-site']);
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return `sec-fetch-site ${site}`;
  return undefined;
}

/**
 * Moves the refresh token of an answer that starts or rotates a session into the cookie; the body goes out
 * without it (a script could read a body).
 */
export function withRefreshCookie<T extends object>(reply: HeaderSink, answer: T & { refreshToken?: string; deviceCookie?: string }): T {
  const { refreshToken, deviceCookie, ...body } = answer;
  if (refreshToken) setRefreshCookie(reply, refreshToken);
  // A full sign-in's device cookie (throttling/device-cookie.ts): a whole Set-Cookie line.
  if (deviceCookie) reply.header('set-cookie', deviceCookie);
  return body as T;
}
