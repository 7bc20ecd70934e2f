import { AUTH_ENDPOINTS, BLOG_ENDPOINTS, FINANCE_ENDPOINTS, MFA_ENDPOINTS, WAITLIST_ENDPOINTS } from '@paycadence/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client.js';
import { createApiClient, endpointUrl, UNEXPECTED_ANSWER_MESSAGE, type SessionAccess } from './endpoint-client.js';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const bill = {
  id: 'b 1', name: 'Rent', amount: 1200, due_date: '2026-04-01', priority: 'high', category: 'rent', recurring: 'monthly',
  due_day_flexible: 'no', due_day_min: 1, due_day_max: 31,
  created_at: '2026-03-01T00:00:00Z', updated_at: '2026-03-01T00:00:00Z',
};
const bearerOf = (init: RequestInit | undefined) => (init?.headers as Record<string, string> | undefined)?.Authorization;
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

type Route = (url: string, init: RequestInit) => Response | Promise<Response>;
function serve(route: Route) {
  const fetchMock = vi.fn((url: string, init: RequestInit) => Promise.resolve(route(url, init)));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** A session whose tokens only change through `refresh` (counted), like the AuthProvider's. */
function fakeSession(first: string, rotated: (n: number) => string | null) {
  let current: { access_token: string; expires_at: number } | null = { access_token: first, expires_at: inAnHour() };
  const access: SessionAccess & { refreshes: number } = {
    refreshes: 0,
    current: () => current,
    refresh: async () => {
      access.refreshes += 1;
      const token = rotated(access.refreshes);
      current = token ? { access_token: token, expires_at: inAnHour() } : null;
      return current;
    },
  };
  return access;
}

afterEach(() => vi.unstubAllGlobals());

describe('endpointUrl', () => {
  it('fills and encodes path parameters and appends the defined query values', () => {
    expect(endpointUrl(FINANCE_ENDPOINTS.updateBill, { params: { id: 'a/b c' } })).toBe('/api/financial/bills/a%2Fb%20c');
    expect(endpointUrl(FINANCE_ENDPOINTS.dashboard, { query: { today: '2026-03-10', laterWindowDays: 14 } })).toBe(
      '/api/financial/dashboard-with-insights?today=2026-03-10&laterWindowDays=14',
    );
    expect(endpointUrl(FINANCE_ENDPOINTS.dashboard, { query: { today: undefined } })).toBe('/api/financial/dashboard-with-insights');
  });
});

describe('createApiClient', () => {
  it('sends the typed request and answers the answer parsed with the endpoint schema', async () => {
    const fetchMock = serve(() => json({ ...bill, extra: 'dropped' }));
    const api = createApiClient({ baseUrl: 'http://gw' });
    const saved = await api.call(FINANCE_ENDPOINTS.updateBill, { params: { id: 'b 1' }, body: { amount: 1200 } });
    expect(saved).toEqual(bill);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('http://gw/api/financial/bills/b%201');
    expect(init.method).toBe('PUT');
    expect(init.body).toBe('{"amount":1200}');
    expect(bearerOf(init)).toBeUndefined();
  });

  it('answers undefined for an endpoint without a response body (204)', async () => {
    serve(() => new Response(null, { status: 204 }));
    await expect(createApiClient().call(FINANCE_ENDPOINTS.deleteBill, { params: { id: 'b1' } })).resolves.toBeUndefined();
  });

  it('refuses an answer that breaks the contract (e.g. dollars where cents belong)', async () => {
    serve(() => json({ codes: 'not a list' }));
    const error = await createApiClient().call(MFA_ENDPOINTS.backupCodes, { params: { userId: 'u1' } }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 502, message: UNEXPECTED_ANSWER_MESSAGE });
  });

  it('carries the session: bearer token, and after a 401 one refresh and one retry', async () => {
    const session = fakeSession('old', () => 'new');
    const fetchMock = serve((_url, init) => (bearerOf(init) === 'Bearer new' ? json(bill) : json({ message: 'Authentication required' }, 401)));
    const api = createApiClient({ session });
    await expect(api.call(FINANCE_ENDPOINTS.createBill, { body: { name: 'Rent', amount: 1200, due_date: '2026-04-01', priority: 'high', category: 'rent', recurring: 'monthly' } })).resolves.toEqual(bill);
    expect(fetchMock.mock.calls.map(([, init]) => bearerOf(init))).toEqual(['Bearer old', 'Bearer new']);
    expect(session.refreshes).toBe(1);
  });

  it('retries only once: a second 401 reaches the caller', async () => {
    const session = fakeSession('old', (n) => `new-${n}`);
    const fetchMock = serve(() => json({ message: 'Authentication required' }, 401));
    const error = await createApiClient({ session }).call(FINANCE_ENDPOINTS.suggestions).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 401, message: 'Authentication required' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(session.refreshes).toBe(1);
  });

  it('gives the 401 to the caller when the refresh fails, without a retry', async () => {
    const session = fakeSession('old', () => null);
    const fetchMock = serve(() => json({ message: 'Authentication required' }, 401));
    await expect(createApiClient({ session }).call(FINANCE_ENDPOINTS.suggestions)).rejects.toMatchObject({ status: 401 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(session.refreshes).toBe(1);
  });

  it('retries with tokens another call rotated meanwhile instead of rotating again', async () => {
    const session = fakeSession('old', () => 'new');
    let releaseSlow: () => void = () => {};
    const slowAnswer = new Promise<Response>((resolve) => (releaseSlow = () => resolve(json({ message: 'Authentication required' }, 401))));
    const fetchMock = serve((url, init) => {
      if (bearerOf(init) === 'Bearer new') return json({ bills: [], income: [] });
      return url.endsWith('/suggestions') && fetchMock.mock.calls.length === 1 ? slowAnswer : json({ message: 'Authentication required' }, 401);
    });
    const api = createApiClient({ session });
    const slow = api.call(FINANCE_ENDPOINTS.suggestions); // sent with 'old', its 401 arrives late
    await api.call(FINANCE_ENDPOINTS.suggestions); // 401, refresh, retry with 'new'
    releaseSlow();
    await expect(slow).resolves.toEqual({ bills: [], income: [] });
    expect(session.refreshes).toBe(1);
  });

  it('refreshes first when the access token has expired', async () => {
    const session = fakeSession('old', () => 'new');
    const current = session.current;
    session.current = () => (session.refreshes === 0 ? { access_token: 'old', expires_at: Math.floor(Date.now() / 1000) - 1 } : current());
    const fetchMock = serve(() => json({ bills: [], income: [] }));
    await createApiClient({ session }).call(FINANCE_ENDPOINTS.suggestions);
    expect(fetchMock.mock.calls.map(([, init]) => bearerOf(init))).toEqual(['Bearer new']);
  });

  it('inside the expiry margin sends the still-valid token at once and refreshes in the background', async () => {
    const expiresSoon = { access_token: 'old', expires_at: Math.floor(Date.now() / 1000) + 30 };
    let refreshes = 0;
    // Auth is down: the refresh is still backing off and never settles during this test.
    const session: SessionAccess = {
      current: () => expiresSoon,
      refresh: () => {
        refreshes += 1;
        return new Promise(() => {});
      },
    };
    const fetchMock = serve(() => json({ bills: [], income: [] }));
    const api = createApiClient({ session });
    await expect(api.call(FINANCE_ENDPOINTS.suggestions)).resolves.toEqual({ bills: [], income: [] });
    await expect(api.call(FINANCE_ENDPOINTS.suggestions)).resolves.toEqual({ bills: [], income: [] });
    expect(fetchMock.mock.calls.map(([, init]) => bearerOf(init))).toEqual(['Bearer old', 'Bearer old']);
    expect(refreshes).toBeGreaterThan(0);
  });

  it('leaves the session alone for public endpoints and for an explicit token', async () => {
    const session = fakeSession('old', () => 'new');
    const fetchMock = serve((url) => (url.endsWith('/join') ? json({ success: true, message: 'ok' }) : json({ message: 'Invalid reset link' }, 401)));
    const api = createApiClient({ session });
    await api.call(WAITLIST_ENDPOINTS.join, { body: { email: 'a@b.co', source: 'homepage' } });
    const reset = api.call(AUTH_ENDPOINTS.updatePassword, { body: { password: 'Secret-123' } }, { token: 'recovery' });
    await expect(reset).rejects.toMatchObject({ status: 401 });
    expect(fetchMock.mock.calls.map(([, init]) => bearerOf(init))).toEqual([undefined, 'Bearer recovery']);
    expect(session.refreshes).toBe(0);
  });
});

describe('the refresh cookie', () => {
  it('sessionCookie: same-origin credentials and the CSRF header, no bearer; other calls carry neither', async () => {
    const fetchMock = serve((url) => (url === '/api/auth/refresh' ? json({ session: { access_token: 'a', expires_in: 900, expires_at: inAnHour(), token_type: 'bearer' } }) : json({ message: 'ok' })));
    const api = createApiClient();
    await api.call(AUTH_ENDPOINTS.refresh, { body: {} }, { sessionCookie: true });
    await api.call(AUTH_ENDPOINTS.forgotPassword, { body: { email: 'ann@example.com' } });
    const [[, refresh], [, other]] = fetchMock.mock.calls;
    expect(refresh.credentials).toBe('same-origin');
    expect(refresh.keepalive).toBe(true); // a reload mid-rotation still stores the new cookie
    expect(refresh.headers).toMatchObject({ 'X-Requested-With': 'XMLHttpRequest' });
    expect(bearerOf(refresh)).toBeUndefined();
    expect(JSON.parse(String(refresh.body))).toEqual({});
    expect(other.credentials).toBeUndefined();
    expect(other.keepalive).toBeUndefined();
    expect(other.headers).not.toHaveProperty('X-Requested-With');
  });
});

describe('a raw body (image upload)', () => {
  it('sends the bytes as they are with their own type, the extra headers and the bearer token, and parses the answer', async () => {
    const fetchMock = serve(() => json({ url: '/api/blog/images/abc.png' }));
    const api = createApiClient({ session: fakeSession('t1', () => null) });
    const file = new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' });
    const answer = await api.call(BLOG_ENDPOINTS.uploadImage, {}, { raw: { body: file, headers: { 'x-file-name': 'chart.png' } } });
    expect(answer).toEqual({ url: '/api/blog/images/abc.png' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/blog/admin/images');
    expect(init.method).toBe('POST');
    expect(init.body).toBe(file);
    const headers = init.headers as Record<string, string>;
    expect(headers['Content-Type']).toBe('image/png');
    expect(headers['x-file-name']).toBe('chart.png');
    expect(headers.Authorization).toBe('Bearer t1');
  });

  it('still sends JSON bodies as JSON', async () => {
    const fetchMock = serve(() => json({ message: 'ok', success: true }));
    await createApiClient().call(WAITLIST_ENDPOINTS.join, { body: { email: 'a@example.com', source: 'landing' } as never });
    const [, init] = fetchMock.mock.calls[0]!;
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(typeof init.body).toBe('string');
  });
});
