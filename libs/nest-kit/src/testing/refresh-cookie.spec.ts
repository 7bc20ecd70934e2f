import { describe, expect, it } from 'vitest';
import { refreshCookieFrom, refreshHeaders, refreshSetCookie } from './refresh-cookie.js';

const SET = 'paycadence_refresh=tok-1; Max-Age=2592000; Path=/api/auth/refresh; HttpOnly; Secure; SameSite=Strict';
const CLEAR = 'paycadence_refresh=; Max-Age=0; Path=/api/auth/refresh; HttpOnly; Secure; SameSite=Strict';

describe('refresh cookie test helpers', () => {
  it('reads the token from fetch Headers and from a plain header record', () => {
    const headers = new Headers();
    headers.append('set-cookie', 'other=x; Path=/');
    headers.append('set-cookie', SET);
    expect(refreshCookieFrom({ headers })).toBe('tok-1');
    expect(refreshCookieFrom({ headers: { 'set-cookie': [SET] } })).toBe('tok-1');
    expect(refreshSetCookie({ headers })).toMatchObject({ path: '/api/auth/refresh', httpOnly: true, secure: true, sameSite: 'strict' });
  });

  it('answers undefined for no cookie and for a clearing one', () => {
    expect(refreshCookieFrom({ headers: new Headers() })).toBeUndefined();
    expect(refreshCookieFrom({ headers: { 'set-cookie': CLEAR } })).toBeUndefined();
    expect(refreshSetCookie({ headers: { 'set-cookie': CLEAR } })).toMatchObject({ maxAge: 0 });
  });

  it('sends the cookie with the CSRF header', () => {
    expect(refreshHeaders('tok-1')).toEqual({ cookie: 'paycadence_refresh=tok-1', 'x-requested-with': 'XMLHttpRequest' });
  });
});
