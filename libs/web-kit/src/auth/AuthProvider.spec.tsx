import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FINANCE_ENDPOINTS, type AuthUser } from '@payday/contracts';
import { AuthProvider, useAuth } from './AuthProvider.js';
import { SESSION_STORAGE_KEY } from './session-storage.js';

const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);
const ann: AuthUser = {
  id: 'u1', email: 'ann@example.com', role: 'user', status: 'active', firstName: 'Ann', lastName: 'Lee',
  phone: null, dateOfBirth: null, address: null, created_at: '2026-01-02T00:00:00Z', mfa_enabled: false,
};
const sessionExpiringIn = (seconds: number, name = 'a') => ({
  access_token: `at-${name}`, refresh_token: `rt-${name}`, expires_in: seconds, expires_at: Math.floor(Date.now() / 1000) + seconds,
  token_type: 'bearer' as const,
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
const bodyOf = (init: RequestInit) => JSON.parse(String(init.body)) as Record<string, unknown>;
const stored = () => JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null');

const renderAuth = () => renderHook(() => useAuth(), { wrapper: AuthProvider });
/** Lets pending promises and timers up to `ms` run inside act. */
const advance = (ms = 0) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers({ now: NOW, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('useAuth', () => {
  it('throws the spec message outside the provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useAuth())).toThrow('useAuth must be used within an AuthProvider');
  });
});

describe('restoring the stored session', () => {
  it('is loading until the stored session is checked with GET /api/auth/me, then signed in', async () => {
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ user: ann, session: sessionExpiringIn(900) }));
    const fetchMock = mockFetch((url) => (url === '/api/auth/me' ? json({ user: { ...ann, firstName: 'Annie' } }) : json({}, 404)));
    const { result } = renderAuth();
    expect(result.current.loading).toBe(true);
    await advance();
    expect(result.current.loading).toBe(false);
    expect(result.current.user?.firstName).toBe('Annie');
    expect(result.current.session?.access_token).toBe('at-a');
    expect((calls(fetchMock, '/api/auth/me')[0][1].headers as Record<string, string>).Authorization).toBe('Bearer at-a');
  });

  it('ends loading signed out when nothing is stored, without a call', async () => {
    const fetchMock = mockFetch(() => json({}));
    const { result } = renderAuth();
    await advance();
    expect(result.current.loading).toBe(false);
    expect(result.current.user).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refreshes a stored session within the 90 s expiry margin before checking it', async () => {
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ user: ann, session: sessionExpiringIn(60) }));
    const fetchMock = mockFetch((url) =>
      url === '/api/auth/refresh' ? json({ session: { ...sessionExpiringIn(900, 'b') } }) : json({ user: ann }),
    );
    const { result } = renderAuth();
    await advance();
    expect(bodyOf(calls(fetchMock, '/api/auth/refresh')[0][1])).toEqual({ refresh_token: 'rt-a' });
    expect((calls(fetchMock, '/api/auth/me')[0][1].headers as Record<string, string>).Authorization).toBe('Bearer at-b');
    expect(result.current.session?.refresh_token).toBe('rt-b');
    expect(stored().session.refresh_token).toBe('rt-b');
  });

  it('signs out when the stored session is rejected and its refresh token is spent', async () => {
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ user: ann, session: sessionExpiringIn(900) }));
    mockFetch(() => json({ message: 'Your session has expired. Please sign in again.' }, 401));
    const { result } = renderAuth();
    await advance();
    expect(result.current.loading).toBe(false);
    expect(result.current.user).toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });
});

describe('sign-in', () => {
  it('signs in and stores the session under paycadence.session, without the SSN', async () => {
    mockFetch((url) => (url === '/api/auth/login' ? json({ user: { ...ann, ssn: '1234' }, session: sessionExpiringIn(900) }) : json({})));
    const { result } = renderAuth();
    await advance();
    let outcome: unknown;
    await act(async () => {
      outcome = await result.current.signIn('ann@example.com', 'Secret-123');
    });
    expect(outcome).toMatchObject({ mfaRequired: false, user: { id: 'u1' } });
    expect(result.current.user?.email).toBe('ann@example.com');
    expect(stored().user.email).toBe('ann@example.com');
    expect(stored().user.ssn).toBeUndefined();
  });

  it('answers mfaRequired with the challenge token, then verifyMfa sends the code with it as bearer', async () => {
    const fetchMock = mockFetch((url, init) => {
      if (url === '/api/auth/login') return json({ mfa_required: true, mfa_token: 'mfa-1', userId: 'u1', message: 'MFA required' });
      if (url === '/api/mfa/verify') {
        return bodyOf(init).token === '123456'
          ? json({ valid: true, user: ann, session: sessionExpiringIn(900) })
          : json({ valid: false, message: 'Invalid verification code' }, 401);
      }
      return json({});
    });
    const { result } = renderAuth();
    await advance();
    let outcome: unknown;
    await act(async () => {
      outcome = await result.current.signIn('ann@example.com', 'Secret-123');
    });
    expect(outcome).toMatchObject({ mfaRequired: true, mfaToken: 'mfa-1', userId: 'u1' });
    expect(result.current.user).toBeNull();

    await act(async () => {
      outcome = await result.current.verifyMfa('u1', '000000', 'mfa-1');
    });
    expect(outcome).toEqual({ valid: false, message: 'Invalid verification code' });
    expect(result.current.user).toBeNull();

    await act(async () => {
      outcome = await result.current.verifyMfa('u1', '123456', 'mfa-1');
    });
    expect(outcome).toEqual({ valid: true });
    expect(result.current.user?.id).toBe('u1');
    const verify = calls(fetchMock, '/api/mfa/verify')[1];
    expect(bodyOf(verify[1])).toEqual({ userId: 'u1', token: '123456' });
    expect((verify[1].headers as Record<string, string>).Authorization).toBe('Bearer mfa-1');
  });

  it('verifyMfa throws when there is no answer at all', async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const { result } = renderAuth();
    await advance();
    await act(async () => {
      await expect(result.current.verifyMfa('u1', '123456', 'mfa-1')).rejects.toThrow('Network error. Please try again.');
    });
  });
});

describe('automatic refresh (spec part 1 §9)', () => {
  function signedIn(expiresIn: number) {
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ user: ann, session: sessionExpiringIn(expiresIn) }));
  }

  it('refreshes on the first 30 s tick with 3 or fewer ticks left, not before', async () => {
    signedIn(215); // 7 ticks left now
    let issued = 0;
    const fetchMock = mockFetch((url) => {
      if (url === '/api/auth/refresh') {
        issued += 1;
        return json({ session: sessionExpiringIn(900, `r${issued}`) });
      }
      return json({ user: ann });
    });
    const { result } = renderAuth();
    await advance();
    await advance(90_000); // 3 ticks: 4 ticks left (125 s)
    expect(calls(fetchMock, '/api/auth/refresh')).toHaveLength(0);
    await advance(30_000); // 95 s left: 3 ticks
    expect(calls(fetchMock, '/api/auth/refresh')).toHaveLength(1);
    expect(result.current.session?.access_token).toBe('at-r1');
    expect(stored().session.access_token).toBe('at-r1');
    await advance(60_000);
    expect(calls(fetchMock, '/api/auth/refresh')).toHaveLength(1);
  });

  it('retries an unreachable refresh after 200 ms, then 400 ms', async () => {
    signedIn(100);
    let attempts = 0;
    const fetchMock = mockFetch((url) => {
      if (url !== '/api/auth/refresh') return json({ user: ann });
      attempts += 1;
      return attempts < 3 ? Promise.reject(new TypeError('Failed to fetch')) : json({ session: sessionExpiringIn(900, 'ok') });
    });
    const { result } = renderAuth();
    await advance(); // first tick: 3 ticks left, attempt 1 fails
    expect(calls(fetchMock, '/api/auth/refresh')).toHaveLength(1);
    await advance(199);
    expect(calls(fetchMock, '/api/auth/refresh')).toHaveLength(1);
    await advance(1);
    expect(calls(fetchMock, '/api/auth/refresh')).toHaveLength(2);
    await advance(399);
    expect(calls(fetchMock, '/api/auth/refresh')).toHaveLength(2);
    await advance(1);
    expect(calls(fetchMock, '/api/auth/refresh')).toHaveLength(3);
    expect(result.current.session?.access_token).toBe('at-ok');
    expect(result.current.user?.id).toBe('u1');
  });

  it('signs out when the refresh token is spent or invalid', async () => {
    signedIn(100);
    mockFetch((url) =>
      url === '/api/auth/refresh' ? json({ message: 'Your session has expired. Please sign in again.' }, 401) : json({ user: ann }),
    );
    const { result } = renderAuth();
    await advance();
    expect(result.current.user).toBeNull();
    expect(result.current.session).toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });
});

describe('signOut and the session API client', () => {
  it('posts logout with the refresh token and bearer, then forgets the session', async () => {
    vi.useRealTimers();
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
      <AuthProvider initialUser={ann} initialSession={{ access_token: 'at', refresh_token: 'rt', expires_in: 900, expires_at: Math.floor(Date.now() / 1000) + 900, token_type: 'bearer' }}>
        <Who />
      </AuthProvider>,
    );
    expect(screen.getByText('Signed in as ann@example.com')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(screen.getByText('Signed out')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/auth/logout');
    expect(bodyOf(init)).toEqual({ refresh_token: 'rt' });
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer at');
  });

  const suggestions = { bills: [], income: [] };

  it('api sends the bearer token and, after a 401, refreshes once and retries', async () => {
    signInStored();
    let suggestionCalls = 0;
    const fetchMock = mockFetch((url) => {
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
    const tokens = calls(fetchMock, '/api/financial/suggestions').map(([, init]) => (init.headers as Record<string, string>).Authorization);
    expect(tokens).toEqual(['Bearer at-a', 'Bearer at-new']);
    expect(result.current.session?.access_token).toBe('at-new');
    expect(stored().session.access_token).toBe('at-new');
  });

  it('concurrent 401s share one refresh, then each call retries once with the new token', async () => {
    signInStored();
    const fetchMock = mockFetch((url, init) => {
      if (url === '/api/auth/me') return json({ user: ann });
      if (url === '/api/auth/refresh') return json({ session: sessionExpiringIn(900, 'new') });
      const bearer = (init.headers as Record<string, string>).Authorization;
      return bearer === 'Bearer at-new' ? json(suggestions) : json({ message: 'Authentication required' }, 401);
    });
    const { result } = renderAuth();
    await advance();
    let answers: unknown[] = [];
    await act(async () => {
      answers = await Promise.all([1, 2, 3].map(() => result.current.api.call(FINANCE_ENDPOINTS.suggestions)));
    });
    expect(answers).toEqual([suggestions, suggestions, suggestions]);
    expect(calls(fetchMock, '/api/auth/refresh')).toHaveLength(1);
    expect(calls(fetchMock, '/api/financial/suggestions')).toHaveLength(6);
  });

  it('a refused refresh after a 401 signs out and gives the 401 to the caller', async () => {
    signInStored();
    mockFetch((url) => {
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
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  function signInStored() {
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ user: ann, session: sessionExpiringIn(900) }));
  }
});
