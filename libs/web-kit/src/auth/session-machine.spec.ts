import type { AuthUser } from '@paycadence/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../api/endpoint-client.js';
import type { OfflineData } from '../offline/offline-data.js';
import type { SessionChannel, SessionMessage } from './session-channel.js';
import { REFRESH_LOCK_NAME, type RefreshLocks } from './session-refresh.js';
import {
  authStateReducer as reduce,
  createSessionMachine,
  isActive,
  openingState,
  type AuthState,
} from './session-machine.js';
import {
  createSessionStore,
  SIGNED_IN_HINT_KEY,
  type MemorySession,
  type SessionSnapshot,
} from './session-storage.js';

const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);
const ann: AuthUser = {
  id: 'u1',
  email: 'ann@example.com',
  role: 'user',
  status: 'active',
  firstName: 'Ann',
  lastName: 'Lee',
  phone: null,
  dateOfBirth: null,
  address: null,
  created_at: '2026-01-02T00:00:00Z',
  mfa_enabled: false,
  email_confirmed: true,
};
/** A session as services/auth answers it, `at-<name>`, valid `seconds` from now. */
const sessionExpiringIn = (seconds: number, name = 'a'): MemorySession => ({
  access_token: `at-${name}`,
  expires_in: seconds,
  expires_at: Math.floor(Date.now() / 1000) + seconds,
  token_type: 'bearer',
});
const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const json = (body: unknown, status = 200) => Promise.resolve(jsonResponse(body, status));
const noContent = () => Promise.resolve(new Response(null, { status: 204 }));
const expired = () => json({ message: 'Your session has expired. Please sign in again.' }, 401);
const unreachable = () => Promise.reject(new TypeError('Failed to fetch'));

type Handler = (url: string, init: RequestInit) => Promise<Response>;
function mockFetch(handler: Handler) {
  const fetchMock = vi.fn((url: string, init: RequestInit) => handler(url, init));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
const callsTo = (fetchMock: ReturnType<typeof mockFetch>, path: string) =>
  fetchMock.mock.calls.filter(([url]) => url === path);
const bearerOf = (init: RequestInit) => (init.headers as Record<string, string>).Authorization;

/** A promise whose settling the test decides. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

/**
 * The tabs of one browser, as BroadcastChannel links them: a message reaches every other open end a moment
 * later (never the one that sent it), as a copy.
 */
function browserTabs() {
  const ends = new Set<(message: SessionMessage) => void>();
  const open = (onMessage: (message: SessionMessage) => void): SessionChannel => {
    ends.add(onMessage);
    return {
      post(message) {
        for (const end of ends) {
          if (end !== onMessage) queueMicrotask(() => end(structuredClone(message)));
        }
      },
      close: () => ends.delete(onMessage),
    };
  };
  /** A tab the test plays: what it heard, and a way to speak. */
  const otherTab = () => {
    const heard: SessionMessage[] = [];
    const end = open((message) => heard.push(message));
    return { heard, post: end.post, close: end.close };
  };
  return { open, otherTab };
}

/** `navigator.locks` as a browser has it: one holder of a name at a time, the others queued in order. */
function fakeLocks(): RefreshLocks {
  const queues = new Map<string, Promise<unknown>>();
  return {
    request<T>(name: string, callback: () => Promise<T>) {
      const run = (queues.get(name) ?? Promise.resolve()).then(callback);
      queues.set(
        name,
        run.catch(() => undefined),
      );
      return run;
    },
  };
}

/** Another tab holding the refresh lock until `release()`. */
function lockHeldElsewhere(locks: RefreshLocks) {
  const gate = deferred<void>();
  const held = locks.request(REFRESH_LOCK_NAME, () => gate.promise);
  return {
    async release() {
      gate.resolve();
      await held;
    },
  };
}

/**
 * One tab's machine and what its provider would render (each action run through the reducer, as useReducer
 * would). Seeded with `seed`, or on a store of its own standing for the page's, as a fresh page load.
 */
function openTab(
  bus: ReturnType<typeof browserTabs>,
  { seed, locks = null, offlineData }: { seed?: SessionSnapshot; locks?: RefreshLocks | null; offlineData?: OfflineData } = {},
) {
  const seeded = seed !== undefined;
  const store = createSessionStore(seed);
  let state = openingState(store, seeded);
  const machine = createSessionMachine({
    store,
    seeded,
    dispatch: (action) => (state = reduce(state, action)),
    client: createApiClient(),
    openChannel: bus.open,
    locks,
    ...(offlineData ? { offlineData } : {}),
  });
  return {
    machine,
    store,
    get state() {
      return state;
    },
    /** Hears the other tabs until the test ends. */
    listen() {
      hangUps.push(machine.listenToOtherTabs());
    },
  };
}

/** A device's offline copy holding `user`'s dashboard (or nothing), recording what the machine asks of it. */
function keptCopyOf(user: AuthUser | null): OfflineData & { keepOnly: ReturnType<typeof vi.fn>; clear: ReturnType<typeof vi.fn> } {
  return {
    keepOnly: vi.fn(async () => undefined),
    keepDashboard: vi.fn(async () => undefined),
    clear: vi.fn(async () => undefined),
    readUser: vi.fn(async () => user),
  };
}

/** Runs pending promises and the timers due within `ms`. */
const settle = (ms = 0) => vi.advanceTimersByTimeAsync(ms);
const signedOut: AuthState = { user: null, session: null, loading: false };
const hint = () => localStorage.getItem(SIGNED_IN_HINT_KEY);

let bus: ReturnType<typeof browserTabs>;
let hangUps: (() => void)[] = [];
beforeEach(() => {
  localStorage.clear();
  bus = browserTabs();
  vi.useFakeTimers({
    now: NOW,
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
  });
});
afterEach(() => {
  for (const hangUp of hangUps) hangUp();
  hangUps = [];
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('session machine: the rendered state', () => {
  it('opens loading only when a cookie may exist: not seeded, no session held, the hint set', () => {
    const empty = createSessionStore();
    expect(openingState(empty, false)).toEqual(signedOut);
    localStorage.setItem(SIGNED_IN_HINT_KEY, '1');
    expect(openingState(empty, false)).toEqual({ ...signedOut, loading: true });
    expect(openingState(empty, true)).toEqual(signedOut);
    const held = createSessionStore({ user: ann, session: sessionExpiringIn(900) });
    expect(openingState(held, false)).toEqual({ user: ann, session: held.get().session, loading: false });
  });

  it('storeChanged keeps loading until both a user and a session are held', () => {
    const loading: AuthState = { ...signedOut, loading: true };
    const token = sessionExpiringIn(900);
    const bare = reduce(loading, { type: 'storeChanged', user: null, session: token });
    expect(bare).toEqual({ user: null, session: token, loading: true });
    expect(reduce(bare, { type: 'storeChanged', user: ann, session: token })).toEqual({
      user: ann,
      session: token,
      loading: false,
    });
    expect(reduce(signedOut, { type: 'storeChanged', user: null, session: token }).loading).toBe(false);
  });

  it('sessionSet always ends loading; loadingEnded ends it and keeps the rest', () => {
    const token = sessionExpiringIn(900);
    const loading: AuthState = { user: null, session: token, loading: true };
    expect(reduce(loading, { type: 'sessionSet', user: null, session: null })).toEqual(signedOut);
    expect(reduce(loading, { type: 'loadingEnded' })).toEqual({ ...loading, loading: false });
  });

  it('is active (the refresh tick runs) only signed in with a session and not loading', () => {
    const token = sessionExpiringIn(900);
    expect(isActive({ user: ann, session: token, loading: false })).toBe(true);
    expect(isActive({ user: ann, session: token, loading: true })).toBe(false);
    expect(isActive({ user: null, session: token, loading: false })).toBe(false);
    expect(isActive({ user: ann, session: null, loading: false })).toBe(false);
  });
});

describe('session machine: sign-in and sign-out', () => {
  it('signIn keeps the session, sets the hint and tells the other tabs', async () => {
    mockFetch(() => json({ user: ann, session: { ...sessionExpiringIn(900), expires_at: 1 } }));
    const other = bus.otherTab();
    const tab = openTab(bus);
    tab.listen();
    await expect(tab.machine.signIn('ann@example.com', 'Secret-123')).resolves.toEqual({
      mfaRequired: false,
      user: ann,
    });
    // The expiry is counted on this clock from expires_in, whatever the server's said.
    const session = { ...sessionExpiringIn(900), expires_at: NOW / 1000 + 900 };
    expect(tab.state).toEqual({ user: ann, session, loading: false });
    expect(tab.store.get()).toEqual({ user: ann, session });
    expect(hint()).toBe('1');
    await settle();
    expect(other.heard).toEqual([{ type: 'session', user: ann, session }]);
  });

  it('signIn answering a second factor changes nothing', async () => {
    const challenge = { mfa_required: true, mfa_token: 'mfa-1', userId: 'u1', message: 'MFA required', factors: ['totp', 'webauthn'] };
    mockFetch(() => json(challenge));
    const tab = openTab(bus);
    await expect(tab.machine.signIn('ann@example.com', 'Secret-123')).resolves.toEqual({
      mfaRequired: true,
      mfaToken: 'mfa-1',
      userId: 'u1',
      message: 'MFA required',
      factors: ['totp', 'webauthn'],
    });
    expect(tab.state).toEqual(signedOut);
    expect(hint()).toBeNull();
  });

  it('verifyMfa signs in on a valid code and answers a refused one with its message and status', async () => {
    mockFetch((_url, init) =>
      JSON.parse(String(init.body)).token === '123456'
        ? json({ valid: true, user: ann, session: sessionExpiringIn(900) })
        : json({ valid: false, message: 'Invalid verification code' }, 401),
    );
    const tab = openTab(bus);
    await expect(tab.machine.verifyMfa('u1', '000000', 'mfa-1')).resolves.toEqual({
      valid: false,
      message: 'Invalid verification code',
      status: 401,
    });
    expect(tab.state).toEqual(signedOut);
    await expect(tab.machine.verifyMfa('u1', '123456', 'mfa-1')).resolves.toEqual({ valid: true });
    expect(tab.state.user).toEqual(ann);
  });

  it('signOut forgets the session and the hint, tells the other tabs, then revokes it', async () => {
    const fetchMock = mockFetch(noContent);
    localStorage.setItem(SIGNED_IN_HINT_KEY, '1');
    const other = bus.otherTab();
    const tab = openTab(bus, { seed: { user: ann, session: sessionExpiringIn(900, 'x') } });
    const unseeded = openTab(bus);
    unseeded.listen();
    unseeded.machine.establishSession({ user: ann, session: sessionExpiringIn(900, 'y') });

    await unseeded.machine.signOut();
    expect(unseeded.state).toEqual(signedOut);
    expect(hint()).toBeNull();
    await settle();
    expect(other.heard.at(-1)).toEqual({ type: 'signed-out' });
    expect(bearerOf(callsTo(fetchMock, '/api/auth/logout')[0][1])).toBe('Bearer at-y');

    // A seeded tab leaves the page's hint and the other tabs alone.
    localStorage.setItem(SIGNED_IN_HINT_KEY, '1');
    await tab.machine.signOut();
    expect(tab.state).toEqual(signedOut);
    expect(hint()).toBe('1');
    expect(callsTo(fetchMock, '/api/auth/logout')).toHaveLength(2);
  });

  it('signOut without a session makes no call; an unanswered logout still signs out', async () => {
    const fetchMock = mockFetch(unreachable);
    const tab = openTab(bus);
    await tab.machine.signOut();
    expect(fetchMock).not.toHaveBeenCalled();
    tab.machine.establishSession({ user: ann, session: sessionExpiringIn(900) });
    await expect(tab.machine.signOut()).resolves.toBeUndefined();
    expect(tab.state).toEqual(signedOut);
  });

  it('updateUser replaces the user, keeps the session and tells the other tabs', async () => {
    mockFetch(() => json({}));
    const other = bus.otherTab();
    const tab = openTab(bus);
    tab.listen();
    const session = sessionExpiringIn(900);
    tab.machine.establishSession({ user: ann, session });
    tab.machine.updateUser({ ...ann, firstName: 'Annie' });
    expect(tab.state).toEqual({ user: { ...ann, firstName: 'Annie' }, session, loading: false });
    await settle();
    expect(other.heard.map((message) => message.type)).toEqual(['session', 'session']);
  });
});

describe('session machine: restoring from the refresh cookie', () => {
  it('without the hint: nothing to restore, no call, and the old stored tokens are deleted', async () => {
    localStorage.setItem('paycadence.session', '{"session":{"refresh_token":"rt-old"}}');
    const fetchMock = mockFetch(() => json({}));
    const tab = openTab(bus);
    tab.machine.restore();
    await settle();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(localStorage.getItem('paycadence.session')).toBeNull();
    expect(tab.state).toEqual(signedOut);
  });

  it('with the hint: rotates the cookie, asks `me` with the new token, signs in, tells tabs', async () => {
    localStorage.setItem(SIGNED_IN_HINT_KEY, '1');
    const fetchMock = mockFetch((url) =>
      url === '/api/auth/refresh' ? json({ session: sessionExpiringIn(900, 'b') }) : json({ user: ann }),
    );
    const other = bus.otherTab();
    const tab = openTab(bus);
    tab.listen();
    expect(tab.state.loading).toBe(true);
    tab.machine.restore();
    tab.machine.restore(); // once only
    await settle();
    expect(callsTo(fetchMock, '/api/auth/refresh')).toHaveLength(1);
    expect(bearerOf(callsTo(fetchMock, '/api/auth/me')[0][1])).toBe('Bearer at-b');
    expect(tab.state).toEqual({ user: ann, session: sessionExpiringIn(900, 'b'), loading: false });
    expect(hint()).toBe('1');
    // The bare token first, while the lock is held; the session once its user is known.
    expect(other.heard.map((message) => message.type)).toEqual(['rotated', 'session']);
  });

  it('a refused cookie signs out and removes the hint, without asking `me` or telling the tabs', async () => {
    localStorage.setItem(SIGNED_IN_HINT_KEY, '1');
    const fetchMock = mockFetch(expired);
    const other = bus.otherTab();
    const tab = openTab(bus);
    tab.listen();
    tab.machine.restore();
    await settle();
    expect(tab.state).toEqual(signedOut);
    expect(hint()).toBeNull();
    expect(callsTo(fetchMock, '/api/auth/me')).toHaveLength(0);
    expect(other.heard).toEqual([]);
  });

  it('auth unreachable: retried for one tick, then signed out for this page with the hint kept', async () => {
    localStorage.setItem(SIGNED_IN_HINT_KEY, '1');
    const fetchMock = mockFetch(unreachable);
    const tab = openTab(bus);
    tab.machine.restore();
    await settle();
    expect(tab.state.loading).toBe(true);
    await settle(30_000);
    expect(tab.state).toEqual(signedOut);
    expect(callsTo(fetchMock, '/api/auth/refresh').length).toBeGreaterThan(3);
    expect(hint()).toBe('1');
  });

  it('offline on load, with a kept copy: its user is shown without a session, and the cookie is tried once back online', async () => {
    localStorage.setItem(SIGNED_IN_HINT_KEY, '1');
    const fetchMock = mockFetch(unreachable);
    vi.stubGlobal('navigator', { ...navigator, onLine: false });
    const offlineData = keptCopyOf(ann);
    const tab = openTab(bus, { offlineData });
    tab.listen();
    tab.machine.restore();
    await settle();
    expect(tab.state).toEqual({ user: ann, session: null, loading: false, offline: true });
    expect(callsTo(fetchMock, '/api/auth/refresh')).toHaveLength(0);

    vi.stubGlobal('navigator', { ...navigator, onLine: true });
    mockFetch((url) => (url === '/api/auth/refresh' ? json({ session: sessionExpiringIn(900) }) : json({ user: ann })));
    window.dispatchEvent(new Event('online'));
    await settle();
    expect(tab.state.session).not.toBeNull();
    expect(tab.state.offline).toBeUndefined();
    expect(offlineData.keepOnly).toHaveBeenCalledWith(ann);
  });

  it('offline on load without a kept copy (or signed out here): signed out, as when auth is unreachable', async () => {
    localStorage.setItem(SIGNED_IN_HINT_KEY, '1');
    mockFetch(unreachable);
    vi.stubGlobal('navigator', { ...navigator, onLine: false });
    const tab = openTab(bus, { offlineData: keptCopyOf(null) });
    tab.machine.restore();
    await settle();
    expect(tab.state).toEqual(signedOut);
  });

  it('signing out deletes the kept copy', async () => {
    mockFetch(noContent);
    const offlineData = keptCopyOf(ann);
    const tab = openTab(bus, { offlineData });
    tab.machine.establishSession({ user: ann, session: sessionExpiringIn(900) });
    expect(offlineData.keepOnly).toHaveBeenCalledWith(ann);
    await tab.machine.signOut();
    await settle();
    expect(offlineData.clear).toHaveBeenCalled();
  });

  it('`me` refusing the token signs out (hint removed); `me` failing otherwise keeps the hint', async () => {
    localStorage.setItem(SIGNED_IN_HINT_KEY, '1');
    mockFetch((url) => (url === '/api/auth/refresh' ? json({ session: sessionExpiringIn(900) }) : expired()));
    const refused = openTab(bus);
    refused.machine.restore();
    await settle();
    expect(refused.state).toEqual(signedOut);
    expect(hint()).toBeNull();

    localStorage.setItem(SIGNED_IN_HINT_KEY, '1');
    mockFetch((url) =>
      url === '/api/auth/refresh'
        ? json({ session: sessionExpiringIn(900) })
        : json({ message: 'Down' }, 503),
    );
    const failing = openTab(bus);
    failing.machine.restore();
    await settle();
    expect(failing.state).toEqual(signedOut);
    expect(hint()).toBe('1');
  });

  it('a seeded machine or a session already held never restores', async () => {
    localStorage.setItem(SIGNED_IN_HINT_KEY, '1');
    localStorage.setItem('paycadence.session', '{}');
    const fetchMock = mockFetch(() => json({}));
    openTab(bus, { seed: { user: null, session: null } }).machine.restore();
    expect(localStorage.getItem('paycadence.session')).toBe('{}');
    // A provider mounted again over the page's store, which still holds the session.
    const store = createSessionStore({ user: ann, session: sessionExpiringIn(900) });
    const dispatch = () => undefined;
    createSessionMachine({ store, seeded: false, dispatch, client: createApiClient() }).restore();
    await settle();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(localStorage.getItem('paycadence.session')).toBeNull();
  });
});

describe('session machine: refreshing', () => {
  function signedInTab(expiresIn = 900, options: { locks?: RefreshLocks } = {}) {
    const tab = openTab(bus, options);
    tab.listen();
    tab.machine.establishSession({ user: ann, session: sessionExpiringIn(expiresIn) });
    return tab;
  }

  it('a refresh that succeeds keeps the new session and tells the other tabs', async () => {
    const fetchMock = mockFetch(() => json({ session: sessionExpiringIn(900, 'new') }));
    const tab = signedInTab();
    const other = bus.otherTab();
    const next = await tab.machine.refreshSession();
    expect(next).toEqual(sessionExpiringIn(900, 'new'));
    expect(tab.state).toEqual({ user: ann, session: next, loading: false });
    expect(callsTo(fetchMock, '/api/auth/refresh')[0][1]).toMatchObject({
      method: 'POST',
      credentials: 'same-origin',
    });
    await settle();
    expect(other.heard).toEqual([
      { type: 'rotated', session: next },
      { type: 'session', user: ann, session: next },
    ]);
  });

  it('a refused refresh signs out here and in the other tabs, and the hint goes', async () => {
    mockFetch(expired);
    const tab = signedInTab();
    const other = bus.otherTab();
    await expect(tab.machine.refreshSession()).resolves.toBeNull();
    expect(tab.state).toEqual(signedOut);
    expect(hint()).toBeNull();
    await settle();
    expect(other.heard).toEqual([{ type: 'signed-out' }]);
  });

  it('an unreachable server keeps the session after a tick of retries, and resolves null', async () => {
    const fetchMock = mockFetch(unreachable);
    const tab = signedInTab();
    const held = tab.state;
    const outcome = tab.machine.refreshSession();
    await settle(30_000);
    await expect(outcome).resolves.toBeNull();
    expect(tab.state).toBe(held);
    expect(callsTo(fetchMock, '/api/auth/refresh').length).toBeGreaterThan(3);
  });

  it('concurrent refreshes in one tab share one rotation, and a later one rotates again', async () => {
    let issued = 0;
    const fetchMock = mockFetch(() => json({ session: sessionExpiringIn(900, `n${(issued += 1)}`) }));
    const tab = signedInTab();
    const outcomes = await Promise.all([1, 2, 3].map(() => tab.machine.refreshSession()));
    expect(callsTo(fetchMock, '/api/auth/refresh')).toHaveLength(1);
    expect(outcomes[0]?.access_token).toBe('at-n1');
    expect(outcomes[1]).toBe(outcomes[0]);
    expect(outcomes[2]).toBe(outcomes[0]);
    await tab.machine.refreshSession();
    expect(callsTo(fetchMock, '/api/auth/refresh')).toHaveLength(2);
    expect(tab.state.session?.access_token).toBe('at-n2');
  });

  it('waiting for the lock, uses a fresh session another tab shared meanwhile, no rotation', async () => {
    const fetchMock = mockFetch(() => json({ session: sessionExpiringIn(900, 'mine') }));
    const locks = fakeLocks();
    const tab = signedInTab(60, { locks });
    const lock = lockHeldElsewhere(locks);
    const outcome = tab.machine.refreshSession();
    await settle();
    bus.otherTab().post({ type: 'session', user: ann, session: sessionExpiringIn(900, 'theirs') });
    await settle();
    await lock.release();
    await expect(outcome).resolves.toEqual(sessionExpiringIn(900, 'theirs'));
    expect(tab.state.session?.access_token).toBe('at-theirs');
    expect(callsTo(fetchMock, '/api/auth/refresh')).toHaveLength(0);
  });

  it('a rotation still out when this tab signs out does not sign it back in', async () => {
    const answer = deferred<Response>();
    mockFetch((url) => (url === '/api/auth/refresh' ? answer.promise : noContent()));
    const tab = signedInTab();
    const outcome = tab.machine.refreshSession();
    await settle();
    await tab.machine.signOut();
    answer.resolve(jsonResponse({ session: sessionExpiringIn(900, 'late') }));
    await expect(outcome).resolves.toBeNull();
    expect(tab.state).toEqual(signedOut);
    expect(tab.store.get()).toEqual({ user: null, session: null });
  });
});

describe('session machine: the refresh tick', () => {
  it('refreshes on the first 30 s tick with 3 ticks or fewer left; stopping clears the timer', async () => {
    const fetchMock = mockFetch(() => json({ session: sessionExpiringIn(900, 'r1') }));
    const tab = openTab(bus);
    tab.machine.establishSession({ user: ann, session: sessionExpiringIn(215) }); // 7 ticks left
    const stop = tab.machine.startRefreshTicks();
    await settle(90_000); // 4 ticks left
    expect(callsTo(fetchMock, '/api/auth/refresh')).toHaveLength(0);
    await settle(30_000); // 3 ticks left
    expect(callsTo(fetchMock, '/api/auth/refresh')).toHaveLength(1);
    expect(tab.state.session?.access_token).toBe('at-r1');
    expect(vi.getTimerCount()).toBe(1);
    stop();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('ticks at once when started with little time left', async () => {
    const fetchMock = mockFetch(() => json({ session: sessionExpiringIn(900, 'r1') }));
    const tab = openTab(bus);
    tab.machine.establishSession({ user: ann, session: sessionExpiringIn(100) });
    const stop = tab.machine.startRefreshTicks();
    await settle();
    expect(callsTo(fetchMock, '/api/auth/refresh')).toHaveLength(1);
    stop();
  });

  it('sign-out leaves the state inactive (tick stopped); a tick still due sends nothing', async () => {
    const fetchMock = mockFetch(noContent);
    const tab = openTab(bus);
    tab.machine.establishSession({ user: ann, session: sessionExpiringIn(215) });
    expect(isActive(tab.state)).toBe(true);
    const stop = tab.machine.startRefreshTicks();
    await tab.machine.signOut();
    expect(isActive(tab.state)).toBe(false);
    await settle(300_000);
    expect(callsTo(fetchMock, '/api/auth/refresh')).toHaveLength(0);
    stop();
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('session machine: the other tabs', () => {
  it('another tab signing in signs this one in, without echoing it back', async () => {
    mockFetch(() => json({}));
    const other = bus.otherTab();
    const tab = openTab(bus);
    tab.listen();
    const session = sessionExpiringIn(900, 'there');
    other.post({ type: 'session', user: ann, session });
    await settle();
    expect(tab.state).toEqual({ user: ann, session, loading: false });
    expect(hint()).toBe('1');
    expect(other.heard).toEqual([]);
  });

  it('another tab signing out signs this one out, without echoing it back', async () => {
    const tab = openTab(bus);
    tab.listen();
    tab.machine.establishSession({ user: ann, session: sessionExpiringIn(900) });
    expect(hint()).toBe('1');
    const other = bus.otherTab();
    other.post({ type: 'signed-out' });
    await settle();
    expect(tab.state).toEqual(signedOut);
    expect(hint()).toBeNull();
    expect(other.heard).toEqual([]);
  });

  it('a sign-out elsewhere while restoring ends loading; the restore signs nothing back in', async () => {
    localStorage.setItem(SIGNED_IN_HINT_KEY, '1');
    const answer = deferred<Response>();
    mockFetch((url) => (url === '/api/auth/refresh' ? answer.promise : json({ user: ann })));
    const tab = openTab(bus);
    tab.listen();
    tab.machine.restore();
    await settle();
    bus.otherTab().post({ type: 'signed-out' });
    await settle();
    expect(tab.state).toEqual(signedOut);
    answer.resolve(jsonResponse({ session: sessionExpiringIn(900) }));
    await settle();
    expect(tab.state).toEqual(signedOut);
  });

  it('a rotation another tab made is used with the user held here', async () => {
    mockFetch(() => json({}));
    const tab = openTab(bus);
    tab.listen();
    tab.machine.establishSession({ user: ann, session: sessionExpiringIn(300) });
    const other = bus.otherTab();
    other.post({ type: 'rotated', session: sessionExpiringIn(900, 'r') });
    await settle();
    expect(tab.state).toEqual({ user: ann, session: sessionExpiringIn(900, 'r'), loading: false });
    expect(other.heard).toEqual([]);
  });

  it('ignores an older token than the one held, and a bare one when not signed in or restoring', async () => {
    mockFetch(() => json({}));
    const tab = openTab(bus);
    tab.listen();
    const other = bus.otherTab();
    other.post({ type: 'rotated', session: sessionExpiringIn(900, 'bare') });
    await settle();
    expect(tab.state).toEqual(signedOut);
    const held = sessionExpiringIn(900, 'held');
    tab.machine.establishSession({ user: ann, session: held });
    other.post({ type: 'session', user: ann, session: sessionExpiringIn(600, 'older') });
    other.post({ type: 'rotated', session: sessionExpiringIn(600, 'older') });
    await settle();
    expect(tab.state.session).toEqual(held);
  });

  it('restoring behind another tab that announced its rotation: keeps that token, asks `me`', async () => {
    localStorage.setItem(SIGNED_IN_HINT_KEY, '1');
    const fetchMock = mockFetch((url) =>
      url === '/api/auth/refresh' ? json({ session: sessionExpiringIn(900, 'mine') }) : json({ user: ann }),
    );
    const locks = fakeLocks();
    const lock = lockHeldElsewhere(locks);
    const tab = openTab(bus, { locks });
    tab.machine.followStore();
    tab.listen();
    tab.machine.restore();
    bus.otherTab().post({ type: 'rotated', session: sessionExpiringIn(900, 'theirs') });
    await settle();
    // A token without its user: still restoring, guards keep waiting.
    expect(tab.state).toEqual({ user: null, session: sessionExpiringIn(900, 'theirs'), loading: true });
    await lock.release();
    await settle();
    expect(tab.state).toEqual({ user: ann, session: sessionExpiringIn(900, 'theirs'), loading: false });
    expect(callsTo(fetchMock, '/api/auth/refresh')).toHaveLength(0);
    expect(bearerOf(callsTo(fetchMock, '/api/auth/me')[0][1])).toBe('Bearer at-theirs');
  });

  it('restoring behind another tab sharing its whole session: uses it, no rotation, no `me`', async () => {
    localStorage.setItem(SIGNED_IN_HINT_KEY, '1');
    const fetchMock = mockFetch(() => json({}));
    const locks = fakeLocks();
    const lock = lockHeldElsewhere(locks);
    const tab = openTab(bus, { locks });
    tab.listen();
    tab.machine.restore();
    bus.otherTab().post({ type: 'session', user: ann, session: sessionExpiringIn(900, 'theirs') });
    await settle();
    await lock.release();
    await settle();
    expect(tab.state).toEqual({ user: ann, session: sessionExpiringIn(900, 'theirs'), loading: false });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a sign-out while the restore waits on `me`: its answer signs nothing back in', async () => {
    localStorage.setItem(SIGNED_IN_HINT_KEY, '1');
    const me = deferred<Response>();
    mockFetch((url) =>
      url === '/api/auth/refresh' ? json({ session: sessionExpiringIn(900) }) : me.promise,
    );
    const tab = openTab(bus);
    tab.listen();
    tab.machine.restore();
    await settle();
    bus.otherTab().post({ type: 'signed-out' });
    await settle();
    me.resolve(jsonResponse({ user: ann }));
    await settle();
    expect(tab.state).toEqual(signedOut);
    expect(tab.store.get()).toEqual({ user: null, session: null });
  });

  it('without BroadcastChannel, the hint removed by another tab signs this one out', async () => {
    const tab = openTab(bus);
    tab.listen();
    tab.machine.establishSession({ user: ann, session: sessionExpiringIn(900) });
    const other = bus.otherTab();
    window.dispatchEvent(new StorageEvent('storage', { key: 'other.key', newValue: null }));
    window.dispatchEvent(new StorageEvent('storage', { key: SIGNED_IN_HINT_KEY, newValue: '1' }));
    expect(tab.state.user).toEqual(ann);
    window.dispatchEvent(new StorageEvent('storage', { key: SIGNED_IN_HINT_KEY, newValue: null }));
    expect(tab.state).toEqual(signedOut);
    expect(tab.store.get()).toEqual({ user: null, session: null });
    await settle();
    expect(other.heard).toEqual([]);
  });

  it('hanging up stops hearing and telling the other tabs; a seeded machine never listens', async () => {
    mockFetch(() => json({}));
    const other = bus.otherTab();
    const tab = openTab(bus);
    const hangUp = tab.machine.listenToOtherTabs();
    hangUp();
    tab.machine.establishSession({ user: ann, session: sessionExpiringIn(900) });
    other.post({ type: 'signed-out' });
    window.dispatchEvent(new StorageEvent('storage', { key: SIGNED_IN_HINT_KEY, newValue: null }));
    await settle();
    expect(tab.state.user).toEqual(ann);
    expect(other.heard).toEqual([]);

    const seeded = openTab(bus, { seed: { user: ann, session: sessionExpiringIn(900) } });
    seeded.listen();
    other.post({ type: 'signed-out' });
    await settle();
    expect(seeded.state.user).toEqual(ann);
  });

  it('followStore renders what anything else holding the store sets, until unsubscribed', () => {
    const tab = openTab(bus);
    const stop = tab.machine.followStore();
    const session = sessionExpiringIn(900);
    tab.store.set({ user: ann, session });
    expect(tab.state).toEqual({ user: ann, session, loading: false });
    stop();
    tab.store.set({ user: null, session: null });
    expect(tab.state.user).toEqual(ann);
  });
});
