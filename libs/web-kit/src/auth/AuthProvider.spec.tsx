import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FINANCE_ENDPOINTS, type AuthUser } from '@paycadence/contracts';
import { AuthProvider, useAuth } from './AuthProvider.js';
import { SESSION_CHANNEL_NAME, type SessionMessage } from './session-channel.js';
import { REFRESH_LOCK_NAME, type RefreshLocks } from './session-refresh.js';
import { browserSession, resetBrowserSession, SIGNED_IN_HINT_KEY } from './session-storage.js';

const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);
const ann: AuthUser = {
  id: 'u1', email: 'ann@example.com', role: 'user', status: 'active', firstName: 'Ann', lastName: 'Lee',
  phone: null, dateOfBirth: null, address: null, created_at: '2026-01-02T00:00:00Z', mfa_enabled: false, email_confirmed: true,
};
/** A session as services/auth answers it now (no refresh token: that one is the HttpOnly cookie). */
const sessionExpiringIn = (seconds: number, name = 'a') => ({
  access_token: `at-${name}`, expires_in: seconds, expires_at: Math.floor(Date.now() / 1000) + seconds, token_type: 'bearer' as const,
});
const json = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

type Handler = (url: string, init: RequestInit) => Promise<Response>;
function mockFetch(handler: Handler) {
  const fetchMock = vi.fn((url: string, init: RequestInit) => handler(url, init));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
const calls = (fetchMock: ReturnType<typeof mockFetch>, path: string) => fetchMock.mock.calls.filter(([url]) => url === path);
const headersOf = (init: RequestInit) => init.headers as Record<string, string>;
const bodyOf = (init: RequestInit) => JSON.parse(String(init.body)) as Record<string, unknown>;
/** Every value the page keeps in Web Storage, and its readable cookies: where a script could find a token. */
const everythingStored = () => [
  ...Object.keys(localStorage).map((key) => `${key}=${localStorage.getItem(key)}`),
  ...Object.keys(sessionStorage).map((key) => `${key}=${sessionStorage.getItem(key)}`),
  document.cookie,
].join('\n');

const renderAuth = () => renderHook(() => useAuth(), { wrapper: AuthProvider });
/** Lets pending promises and timers up to `ms` run inside act. */
const advance = (ms = 0) => act(() => vi.advanceTimersByTimeAsync(ms));

/** `navigator.locks` as a browser has it: one holder of a name at a time, the others queued in order. */
function installLocks() {
  const queues = new Map<string, Promise<unknown>>();
  const requested: string[] = [];
  const locks: RefreshLocks = {
    request<T>(name: string, callback: () => Promise<T>) {
      requested.push(name);
      const run = (queues.get(name) ?? Promise.resolve()).then(callback);
      queues.set(name, run.catch(() => undefined));
      return run;
    },
  };
  Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
  return { locks, requested };
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  resetBrowserSession();
  vi.useFakeTimers({ now: NOW, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'locks');
});

describe('useAuth', () => {
  it('throws the documented message outside the provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useAuth())).toThrow('useAuth must be used within an AuthProvider');
  });
});

describe('restoring the session on load (the refresh cookie)', () => {
  it('without the signed-in hint: signed out at once, no call, and the old stored tokens are deleted', async () => {
    localStorage.setItem('paycadence.session', JSON.stringify({ user: ann, session: { ...sessionExpiringIn(900), refresh_token: 'rt-old' } }));
    const fetchMock = mockFetch(() => json({}));
    const { result } = renderAuth();
    expect(result.current.loading).toBe(false);
    expect(result.current.user).toBeNull();
    await advance();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(localStorage.getItem('paycadence.session')).toBeNull();
  });

  it('with the hint: loading, POST /api/auth/refresh with the CSRF header and same-origin credentials, then `me` with the new token', async () => {
    localStorage.setItem(SIGNED_IN_HINT_KEY, '1');
    const fetchMock = mockFetch((url) =>
      url === '/api/auth/refresh' ? json({ session: sessionExpiringIn(900, 'b') }) : json({ user: { ...ann, firstName: 'Annie' } }),
    );
    const { result } = renderAuth();
    expect(result.current.loading).toBe(true);
    expect(result.current.user).toBeNull();
    await advance();
    expect(result.current.loading).toBe(false);
    expect(result.current.user?.firstName).toBe('Annie');
    expect(result.current.session?.access_token).toBe('at-b');

    const [refresh] = calls(fetchMock, '/api/auth/refresh');
    expect(refresh[1].method).toBe('POST');
    expect(refresh[1].credentials).toBe('same-origin');
    expect(headersOf(refresh[1])['X-Requested-With']).toBe('XMLHttpRequest');
    expect(headersOf(refresh[1]).Authorization).toBeUndefined();
    expect(bodyOf(refresh[1])).toEqual({});
    expect(headersOf(calls(fetchMock, '/api/auth/me')[0][1]).Authorization).toBe('Bearer at-b');
    // The token is in memory only: the page's module store, never Web Storage.
    expect(browserSession.get().session?.access_token).toBe('at-b');
    expect(everythingStored()).not.toContain('at-b');
    expect(localStorage.getItem(SIGNED_IN_HINT_KEY)).toBe('1');
  });

  it('a refused cookie (401) signs out and removes the hint, without asking `me`', async () => {
    localStorage.setItem(SIGNED_IN_HINT_KEY, '1');
    const fetchMock = mockFetch(() => json({ message: 'Your session has expired. Please sign in again.' }, 401));
    const { result } = renderAuth();
    await advance();
    expect(result.current.loading).toBe(false);
    expect(result.current.user).toBeNull();
    expect(localStorage.getItem(SIGNED_IN_HINT_KEY)).toBeNull();
    expect(calls(fetchMock, '/api/auth/me')).toHaveLength(0);
  });

  it('auth unreachable: retried with backoff for one tick, then signed out for this page with the hint kept', async () => {
    localStorage.setItem(SIGNED_IN_HINT_KEY, '1');
    const fetchMock = mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const { result } = renderAuth();
    await advance();
    expect(result.current.loading).toBe(true); // still retrying: guards keep showing 'Loading...'
    await advance(30_000);
    expect(result.current.loading).toBe(false);
    expect(result.current.user).toBeNull();
    expect(calls(fetchMock, '/api/auth/refresh').length).toBeGreaterThan(3);
    expect(localStorage.getItem(SIGNED_IN_HINT_KEY)).toBe('1');
  });
});

describe('sign-in', () => {
  it('keeps the access token in memory and only the hint in localStorage', async () => {
    mockFetch((url) => (url === '/api/auth/login' ? json({ user: { ...ann, ssn: '1234' }, session: sessionExpiringIn(900) }) : json({})));
    const { result } = renderAuth();
    let outcome: unknown;
    await act(async () => {
      outcome = await result.current.signIn('ann@example.com', 'Secret-123');
    });
    expect(outcome).toMatchObject({ mfaRequired: false, user: { id: 'u1' } });
    expect(result.current.user?.email).toBe('ann@example.com');
    expect(result.current.session?.access_token).toBe('at-a');
    expect(localStorage.getItem(SIGNED_IN_HINT_KEY)).toBe('1');
    expect(everythingStored()).not.toContain('at-a');
    expect(everythingStored()).not.toContain('1234');
  });

  it('counts the expiry from expires_in on this clock, whatever the server clock says', async () => {
    mockFetch(() => json({ user: ann, session: { ...sessionExpiringIn(900), expires_at: 1 } }));
    const { result } = renderAuth();
    await act(async () => {
      await result.current.signIn('ann@example.com', 'Secret-123');
    });
    expect(result.current.session?.expires_at).toBe(NOW / 1000 + 900);
  });

  it('answers mfaRequired with the challenge token, then verifyMfa sends the code with it as bearer', async () => {
    const fetchMock = mockFetch((url, init) => {
      if (url === '/api/auth/login') return json({ mfa_required: true, mfa_token: 'mfa-1', userId: 'u1', message: 'MFA required', factors: ['totp'] });
      if (url === '/api/mfa/verify') {
        return bodyOf(init).token === '123456'
          ? json({ valid: true, user: ann, session: sessionExpiringIn(900) })
          : json({ valid: false, message: 'Invalid verification code' }, 401);
      }
      return json({});
    });
    const { result } = renderAuth();
    let outcome: unknown;
    await act(async () => {
      outcome = await result.current.signIn('ann@example.com', 'Secret-123');
    });
    expect(outcome).toMatchObject({ mfaRequired: true, mfaToken: 'mfa-1', userId: 'u1', factors: ['totp'] });
    expect(result.current.user).toBeNull();

    await act(async () => {
      outcome = await result.current.verifyMfa('u1', '000000', 'mfa-1');
    });
    expect(outcome).toEqual({ valid: false, message: 'Invalid verification code', status: 401 });
    expect(result.current.user).toBeNull();

    await act(async () => {
      outcome = await result.current.verifyMfa('u1', '123456', 'mfa-1');
    });
    expect(outcome).toEqual({ valid: true });
    expect(result.current.user?.id).toBe('u1');
    expect(localStorage.getItem(SIGNED_IN_HINT_KEY)).toBe('1');
    const verify = calls(fetchMock, '/api/mfa/verify')[1];
    expect(bodyOf(verify[1])).toEqual({ userId: 'u1', token: '123456' });
    expect(headersOf(verify[1]).Authorization).toBe('Bearer mfa-1');
  });

  it('verifyMfa throws when there is no answer at all', async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const { result } = renderAuth();
    await act(async () => {
      await expect(result.current.verifyMfa('u1', '123456', 'mfa-1')).rejects.toThrow('Network error. Please try again.');
    });
  });
});

describe('automatic refresh (docs/product/accounts.md §9)', () => {
  /** Signed in through a reload whose refresh answers a token valid `expiresIn` s; later refreshes answer r1, r2… */
  function reloadSignedIn(expiresIn: number, later: (n: number) => Promise<Response> = (n) => json({ session: sessionExpiringIn(900, `r${n}`) })) {
    localStorage.setItem(SIGNED_IN_HINT_KEY, '1');
    let refreshes = 0;
    return mockFetch((url) => {
      if (url !== '/api/auth/refresh') return json({ user: ann });
      refreshes += 1;
      return refreshes === 1 ? json({ session: sessionExpiringIn(expiresIn) }) : later(refreshes - 1);
    });
  }

  it('refreshes on the first 30 s tick with 3 or fewer ticks left, not before', async () => {
    const fetchMock = reloadSignedIn(215); // 7 ticks left after the reload's refresh
    const { result } = renderAuth();
    await advance();
    expect(result.current.session?.access_token).toBe('at-a');
    await advance(90_000); // 3 ticks: 4 ticks left (125 s)
    expect(calls(fetchMock, '/api/auth/refresh')).toHaveLength(1);
    await advance(30_000); // 95 s left: 3 ticks
    expect(calls(fetchMock, '/api/auth/refresh')).toHaveLength(2);
    expect(result.current.session?.access_token).toBe('at-r1');
    expect(headersOf(calls(fetchMock, '/api/auth/refresh')[1][1])['X-Requested-With']).toBe('XMLHttpRequest');
    await advance(60_000);
    expect(calls(fetchMock, '/api/auth/refresh')).toHaveLength(2);
  });

  it('retries an unreachable refresh after 200 ms, then 400 ms', async () => {
    let attempts = 0;
    const fetchMock = reloadSignedIn(100, () => {
      attempts += 1;
      return attempts < 3 ? Promise.reject(new TypeError('Failed to fetch')) : json({ session: sessionExpiringIn(900, 'ok') });
    });
    const { result } = renderAuth();
    await advance(); // the reload's refresh, then the first tick: 3 ticks left, attempt 1 fails
    expect(calls(fetchMock, '/api/auth/refresh')).toHaveLength(2);
    await advance(199);
    expect(calls(fetchMock, '/api/auth/refresh')).toHaveLength(2);
    await advance(1);
    expect(calls(fetchMock, '/api/auth/refresh')).toHaveLength(3);
    await advance(399);
    expect(calls(fetchMock, '/api/auth/refresh')).toHaveLength(3);
    await advance(1);
    expect(calls(fetchMock, '/api/auth/refresh')).toHaveLength(4);
    expect(result.current.session?.access_token).toBe('at-ok');
    expect(result.current.user?.id).toBe('u1');
  });

  it('runs the tick only while signed in: signing out stops it', async () => {
    mockFetch((url) =>
      url === '/api/auth/logout'
        ? Promise.resolve(new Response(null, { status: 204 }))
        : json({ user: ann, session: sessionExpiringIn(900) }),
    );
    const { result } = renderAuth();
    await advance();
    expect(vi.getTimerCount()).toBe(0);
    await act(async () => {
      await result.current.signIn('ann@example.com', 'Secret-123');
    });
    await advance();
    expect(vi.getTimerCount()).toBe(1);
    await act(async () => {
      await result.current.signOut();
    });
    await advance();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('signs out (hint removed) when the cookie is spent or invalid', async () => {
    reloadSignedIn(100, () => json({ message: 'Your session has expired. Please sign in again.' }, 401));
    const { result } = renderAuth();
    await advance();
    expect(result.current.user).toBeNull();
    expect(result.current.session).toBeNull();
    expect(localStorage.getItem(SIGNED_IN_HINT_KEY)).toBeNull();
  });
});

describe('tabs: one refresh at a time (Web Locks), sessions and sign-outs shared (BroadcastChannel)', () => {
  /** Another tab of the app: its own channel end. */
  function otherTab() {
    const heard: SessionMessage[] = [];
    const channel = new BroadcastChannel(SESSION_CHANNEL_NAME);
    channel.onmessage = (event: MessageEvent) => heard.push(event.data as SessionMessage);
    return { heard, post: (message: SessionMessage) => channel.postMessage(message), close: () => channel.close() };
  }

  it('refreshes under the app lock; while another tab holds it, waits and uses the session that tab shares instead of spending the cookie again', async () => {
    vi.useRealTimers();
    const { locks, requested } = installLocks();
    const tab = otherTab();
    localStorage.setItem(SIGNED_IN_HINT_KEY, '1');
    const fetchMock = mockFetch((url) => (url === '/api/auth/refresh' ? json({ session: sessionExpiringIn(900, 'mine') }) : json({ user: ann })));
    // The other tab is rotating the cookie right now.
    let release!: () => void;
    const held = locks.request(REFRESH_LOCK_NAME, () => new Promise<void>((resolve) => (release = resolve)));

    const { result } = renderAuth();
    await waitFor(() => expect(requested).toHaveLength(2));
    expect(result.current.loading).toBe(true);
    expect(fetchMock).not.toHaveBeenCalled();

    tab.post({ type: 'session', user: ann, session: sessionExpiringIn(900, 'theirs') });
    await waitFor(() => expect(result.current.session?.access_token).toBe('at-theirs'));
    release();
    await held;
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(result.current.user?.id).toBe('u1');
    expect(result.current.loading).toBe(false);
    expect(calls(fetchMock, '/api/auth/refresh')).toHaveLength(0);
    tab.close();
  });

  it('restoring behind another tab that announces its rotation before letting go of the lock: uses that token, asks `me`, no refresh of its own', async () => {
    vi.useRealTimers();
    const { locks } = installLocks();
    const tab = otherTab();
    localStorage.setItem(SIGNED_IN_HINT_KEY, '1');
    const fetchMock = mockFetch((url) => (url === '/api/auth/refresh' ? json({ session: sessionExpiringIn(900, 'mine') }) : json({ user: ann })));
    let release!: () => void;
    const held = locks.request(REFRESH_LOCK_NAME, () => new Promise<void>((resolve) => (release = resolve)));
    const { result } = renderAuth();
    tab.post({ type: 'rotated', session: sessionExpiringIn(900, 'theirs') });
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(result.current.loading).toBe(true); // a token without its user: still restoring, guards keep waiting
    release();
    await held;
    await waitFor(() => expect(result.current.user?.id).toBe('u1'));
    expect(result.current.session?.access_token).toBe('at-theirs');
    expect(calls(fetchMock, '/api/auth/refresh')).toHaveLength(0);
    expect(headersOf(calls(fetchMock, '/api/auth/me')[0][1]).Authorization).toBe('Bearer at-theirs');
    tab.close();
  });

  it('announces its own rotation to the other tabs as a bare token (before it knows the user on a reload)', async () => {
    vi.useRealTimers();
    const tab = otherTab();
    localStorage.setItem(SIGNED_IN_HINT_KEY, '1');
    mockFetch((url) => (url === '/api/auth/refresh' ? json({ session: sessionExpiringIn(900, 'r') }) : json({ user: ann })));
    const { result } = renderAuth();
    await waitFor(() => expect(result.current.user?.id).toBe('u1'));
    await waitFor(() => expect(tab.heard.map((message) => message.type)).toEqual(['rotated', 'session']));
    expect(tab.heard[0]).toEqual({ type: 'rotated', session: expect.objectContaining({ access_token: 'at-r' }) });
    tab.close();
  });

  it('two refreshes wanted at once in this tab and another: never two refresh calls in flight', async () => {
    vi.useRealTimers();
    const { locks } = installLocks();
    localStorage.setItem(SIGNED_IN_HINT_KEY, '1');
    let inFlight = 0;
    let most = 0;
    let issued = 0;
    mockFetch(async (url) => {
      if (url !== '/api/auth/refresh') return json({ user: ann });
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 10));
      inFlight -= 1;
      issued += 1;
      return json({ session: sessionExpiringIn(900, `n${issued}`) });
    });
    // The other tab's own refresh under the same lock, as its AuthProvider would send it.
    const theirs = locks.request(REFRESH_LOCK_NAME, () => fetch('/api/auth/refresh', { method: 'POST' }));
    const { result } = renderAuth();
    await waitFor(() => expect(result.current.user?.id).toBe('u1'));
    await theirs;
    expect(most).toBe(1);
    expect(issued).toBe(2);
  });

  it('tells the other tabs about a new session (without the SSN) and follows their sign-out', async () => {
    vi.useRealTimers();
    const tab = otherTab();
    mockFetch(() => json({ user: { ...ann, ssn: '1234' }, session: sessionExpiringIn(900) }));
    const { result } = renderAuth();
    await act(async () => {
      await result.current.signIn('ann@example.com', 'Secret-123');
    });
    await waitFor(() => expect(tab.heard).toHaveLength(1));
    expect(tab.heard[0]).toMatchObject({ type: 'session', user: { id: 'u1' }, session: { access_token: 'at-a' } });
    expect((tab.heard[0] as { user: AuthUser }).user.ssn).toBeUndefined();

    tab.post({ type: 'signed-out' });
    await waitFor(() => expect(result.current.user).toBeNull());
    expect(result.current.session).toBeNull();
    expect(localStorage.getItem(SIGNED_IN_HINT_KEY)).toBeNull();
    tab.close();
  });

  it('a tab signed out here is announced to the others', async () => {
    vi.useRealTimers();
    const tab = otherTab();
    mockFetch((url) => (url === '/api/auth/logout' ? Promise.resolve(new Response(null, { status: 204 })) : json({ user: ann, session: sessionExpiringIn(900) })));
    const { result } = renderAuth();
    await act(async () => {
      await result.current.signIn('ann@example.com', 'Secret-123');
    });
    await act(async () => {
      await result.current.signOut();
    });
    await waitFor(() => expect(tab.heard.at(-1)).toEqual({ type: 'signed-out' }));
    tab.close();
  });

  it('a tab that signs in elsewhere signs this one in', async () => {
    vi.useRealTimers();
    const tab = otherTab();
    mockFetch(() => json({}));
    const { result } = renderAuth();
    tab.post({ type: 'session', user: ann, session: sessionExpiringIn(900, 'there') });
    await waitFor(() => expect(result.current.session?.access_token).toBe('at-there'));
    expect(result.current.user?.id).toBe('u1');
    tab.close();
  });
});

describe('signOut and the session API client', () => {
  it('posts logout with the bearer and the cookie credentials, then forgets the session and the hint', async () => {
    vi.useRealTimers();
    localStorage.setItem(SIGNED_IN_HINT_KEY, '1');
    const fetchMock = mockFetch(() => Promise.resolve(new Response(null, { status: 204 })));
    function Who() {
      const { user, signOut } = useAuth();
      return (
        <div>
          <p>{user ? `Signed in as ${user.email}` : 'Signed out'}</p>
          <button onClick={() => void signOut()}>Sign out</button>
        </div>
      );
    }
    render(
      <AuthProvider initialUser={ann} initialSession={sessionExpiringIn(900, 'x')}>
        <Who />
      </AuthProvider>,
    );
    expect(screen.getByText('Signed in as ann@example.com')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(screen.getByText('Signed out')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/auth/logout');
    expect(bodyOf(init)).toEqual({});
    expect(init.credentials).toBe('same-origin');
    expect(headersOf(init).Authorization).toBe('Bearer at-x');
  });

  it('the real page session: signOut removes the hint', async () => {
    mockFetch((url) => (url === '/api/auth/logout' ? Promise.resolve(new Response(null, { status: 204 })) : json({ user: ann, session: sessionExpiringIn(900) })));
    const { result } = renderAuth();
    await act(async () => {
      await result.current.signIn('ann@example.com', 'Secret-123');
    });
    expect(localStorage.getItem(SIGNED_IN_HINT_KEY)).toBe('1');
    await act(async () => {
      await result.current.signOut();
    });
    expect(localStorage.getItem(SIGNED_IN_HINT_KEY)).toBeNull();
    expect(browserSession.get()).toEqual({ user: null, session: null });
  });

  const suggestions = { bills: [], income: [] };
  function reloadedWith(route: Handler) {
    localStorage.setItem(SIGNED_IN_HINT_KEY, '1');
    let restored = false;
    return mockFetch((url, init) => {
      if (url === '/api/auth/refresh' && !restored) {
        restored = true;
        return json({ session: sessionExpiringIn(900) });
      }
      return route(url, init);
    });
  }

  it('api sends the bearer token and, after a 401, refreshes once and retries', async () => {
    let suggestionCalls = 0;
    const fetchMock = reloadedWith((url) => {
      if (url === '/api/auth/me') return json({ user: ann });
      if (url === '/api/auth/refresh') return json({ session: sessionExpiringIn(900, 'new') });
      suggestionCalls += 1;
      return suggestionCalls === 1 ? json({ message: 'Authentication required' }, 401) : json(suggestions);
    });
    const { result } = renderAuth();
    await advance();
    let answer: unknown;
    await act(async () => {
      answer = await result.current.api.call(FINANCE_ENDPOINTS.suggestions);
    });
    expect(answer).toEqual(suggestions);
    const tokens = calls(fetchMock, '/api/financial/suggestions').map(([, init]) => headersOf(init).Authorization);
    expect(tokens).toEqual(['Bearer at-a', 'Bearer at-new']);
    expect(result.current.session?.access_token).toBe('at-new');
  });

  it('concurrent 401s share one refresh, then each call retries once with the new token', async () => {
    const fetchMock = reloadedWith((url, init) => {
      if (url === '/api/auth/me') return json({ user: ann });
      if (url === '/api/auth/refresh') return json({ session: sessionExpiringIn(900, 'new') });
      return headersOf(init).Authorization === 'Bearer at-new' ? json(suggestions) : json({ message: 'Authentication required' }, 401);
    });
    const { result } = renderAuth();
    await advance();
    let answers: unknown[] = [];
    await act(async () => {
      answers = await Promise.all([1, 2, 3].map(() => result.current.api.call(FINANCE_ENDPOINTS.suggestions)));
    });
    expect(answers).toEqual([suggestions, suggestions, suggestions]);
    expect(calls(fetchMock, '/api/auth/refresh')).toHaveLength(2); // the reload's, then one shared
    expect(calls(fetchMock, '/api/financial/suggestions')).toHaveLength(6);
  });

  it('a refused refresh after a 401 signs out and gives the 401 to the caller', async () => {
    reloadedWith((url) => {
      if (url === '/api/auth/me') return json({ user: ann });
      if (url === '/api/auth/refresh') return json({ message: 'Your session has expired. Please sign in again.' }, 401);
      return json({ message: 'Authentication required' }, 401);
    });
    const { result } = renderAuth();
    await advance();
    expect(result.current.user?.id).toBe('u1');
    let failure: unknown;
    await act(async () => {
      failure = await result.current.api.call(FINANCE_ENDPOINTS.suggestions).catch((caught: unknown) => caught);
    });
    expect(failure).toMatchObject({ status: 401, message: 'Authentication required' });
    expect(result.current.user).toBeNull();
    expect(localStorage.getItem(SIGNED_IN_HINT_KEY)).toBeNull();
  });
});
