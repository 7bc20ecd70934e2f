import { clearedRefreshCookie, crossSiteRefusal, refreshCookie, refreshTokenFrom, withRefreshCookie } from './refresh-cookie.js';

const APP = 'http://localhost:8080';
const CSRF = { 'x-requested-with': 'XMLHttpRequest' };

describe('refresh cookie', () => {
  it('is HttpOnly, Secure, SameSite=Strict, scoped to the refresh route, for the refresh token lifetime', () => {
    expect(refreshCookie('tok')).toBe('paycadence_refresh=tok; Max-Age=2592000; Path=/api/auth/refresh; HttpOnly; Secure; SameSite=Strict');
    expect(clearedRefreshCookie()).toBe('paycadence_refresh=; Max-Age=0; Path=/api/auth/refresh; HttpOnly; Secure; SameSite=Strict');
  });

  it('reads the token from the Cookie header among others, also from a large one (other cookies must not sign the user out), and nothing from no or empty headers', () => {
    expect(refreshTokenFrom({ cookie: 'a=1; paycadence_refresh=tok; b=2' })).toBe('tok');
    expect(refreshTokenFrom({ cookie: 'paycadence_refresh=' })).toBeUndefined();
    expect(refreshTokenFrom({})).toBeUndefined();
    expect(refreshTokenFrom({ cookie: `x=${'y'.repeat(12_000)}; paycadence_refresh=tok` })).toBe('tok');
    expect(refreshTokenFrom({ cookie: 'paycadence_refresh=first; paycadence_refresh=second' })).toBe('first');
    expect(refreshTokenFrom({ cookie: 'paycadence_refresh=%E0%A4%A' })).toBe('%E0%A4%A');
  });

  it('moves the refresh token of an answer into the cookie, never into the body', () => {
    const headers: [string, string][] = [];
    const body = withRefreshCookie({ header: (name: string, value: string) => headers.push([name, value]) }, {
      session: { access_token: 'a' },
      refreshToken: 'tok',
    });
    expect(body).toEqual({ session: { access_token: 'a' } });
    expect(headers).toEqual([['set-cookie', refreshCookie('tok')]]);
    const none: unknown[] = [];
    expect(withRefreshCookie({ header: (...args: unknown[]) => none.push(args) }, { mfa_required: true })).toEqual({ mfa_required: true });
    expect(none).toEqual([]);
  });
});

describe('CSRF check of POST /api/auth/refresh', () => {
  it('needs the X-Requested-With header', () => {
    expect(crossSiteRefusal({}, APP)).toMatch(/X-Requested-With/);
    expect(crossSiteRefusal({ 'x-requested-with': 'fetch' }, APP)).toMatch(/X-Requested-With/);
    expect(crossSiteRefusal(CSRF, APP)).toBeUndefined();
  });

  it("accepts the app's own origin and same-origin or user-initiated fetches, refuses other sites", () => {
    expect(crossSiteRefusal({ ...CSRF, origin: APP, 'sec-fetch-site': 'same-origin' }, APP)).toBeUndefined();
    expect(crossSiteRefusal({ ...CSRF, 'sec-fetch-site': 'none' }, `${APP}/`)).toBeUndefined();
    expect(crossSiteRefusal({ ...CSRF, origin: 'https://evil.example' }, APP)).toBe('foreign origin');
    expect(crossSiteRefusal({ ...CSRF, origin: 'http://localhost:8081' }, APP)).toBe('foreign origin');
    expect(crossSiteRefusal({ ...CSRF, origin: 'null' }, APP)).toBe('foreign origin');
    expect(crossSiteRefusal({ ...CSRF, 'sec-fetch-site': 'cross-site' }, APP)).toMatch(/cross-site/);
    expect(crossSiteRefusal({ ...CSRF, 'sec-fetch-site': 'same-site' }, APP)).toMatch(/same-site/);
  });
});
