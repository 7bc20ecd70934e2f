import {
  AUTH_ENDPOINTS,
  MFA_ENDPOINTS,
  type AuthUser,
  type MfaFactorType,
  type SessionResponse,
} from '@paycadence/contracts';
import { ApiError } from '../api/api-client.js';
import { createApiClient, type ApiClient } from '../api/endpoint-client.js';
import { openSessionChannel, type SessionChannel, type SessionMessage } from './session-channel.js';
import {
  isRetryableRefreshError,
  isWithinExpiryMargin,
  REFRESH_TICK_MS,
  shouldRefreshOnTick,
  withRefreshBackoff,
  withRefreshLock,
  type RefreshLocks,
} from './session-refresh.js';
import {
  dropLegacySessionKeys,
  readSignedInHint,
  SIGNED_IN_HINT_KEY,
  toMemorySession,
  writeSignedInHint,
  type MemorySession,
  type SessionStore,
} from './session-storage.js';
import { browserOfflineData, isBrowserOffline, type OfflineData } from '../offline/offline-data.js';

// The page's session without React: what the provider renders ({user, session, loading}) changes only
// through `authStateReducer`, and everything that takes time (the refresh cookie, the other tabs, the 30 s
// tick) lives in `createSessionMachine`, which reports to the reducer through `dispatch`. AuthProvider only
// wires the two.

/**
 * What `signIn` resolves with: signed in, or the second factor is needed (docs/security.md), with the factors
 * the code step can offer (the app's code, a security key).
 */
export type SignInResult =
  | { mfaRequired: true; mfaToken: string; userId: string; message?: string; factors: MfaFactorType[] }
  | { mfaRequired: false; user: AuthUser };

/** What `verifyMfa` resolves with: `valid: false` carries the server's words for a refused code. */
export interface VerifyMfaResult {
  valid: boolean;
  message?: string;
  /**
   * The refusal's HTTP status (429: too many attempts or the account's slowing, whose message names the
   * wait).
   */
  status?: number;
}

/** What the provider renders. */
export interface AuthState {
  user: AuthUser | null;
  session: MemorySession | null;
  /** A session is being restored from the refresh cookie: guards show 'Loading...'. */
  loading: boolean;
  /**
   * No network on load: `user` is the one whose offline copy this device keeps (docs/installable-app.md, Offline)
   * and there is no session; pages show what is kept, read-only, until the network is back and the session is
   * restored.
   */
  offline?: boolean;
}

export type AuthStateAction =
  /** The store was set, here or by anything else holding it (another provider of the page's one session). */
  | { type: 'storeChanged'; user: AuthUser | null; session: MemorySession | null }
  /** This tab settled the session (signed in, rotated, signed out, gave up restoring, offline copy). */
  | { type: 'sessionSet'; user: AuthUser | null; session: MemorySession | null; offline?: boolean }
  /** Another tab signed out while this one held nothing: there is nothing left to restore. */
  | { type: 'loadingEnded' };

/**
 * The state on mount. Restoring is only worth a 'Loading...' when a cookie may exist; a visitor without the
 * hint is signed out at once, and a seeded provider never restores.
 */
export function openingState(store: SessionStore, seeded: boolean): AuthState {
  const { user, session } = store.get();
  return { user, session, loading: !seeded && !session && readSignedInHint() };
}

export function authStateReducer(state: AuthState, action: AuthStateAction): AuthState {
  // `offline` is present only while it is true: an online state is the same object it always was.
  const offline = (on: boolean | undefined) => (on ? { offline: true } : {});
  switch (action.type) {
    case 'storeChanged':
      // A bare token (another tab's rotation while this one restores) does not end restoring: its user does.
      return {
        user: action.user,
        session: action.session,
        loading: state.loading && !(action.user && action.session),
        ...offline(state.offline && !action.session),
      };
    case 'sessionSet':
      return { user: action.user, session: action.session, loading: false, ...offline(action.offline) };
    case 'loadingEnded':
      return { ...state, loading: false };
  }
}

/** Signed in and done restoring: only then does the refresh tick run. */
export const isActive = (state: AuthState) => state.session !== null && state.user !== null && !state.loading;

export interface SessionMachineOptions {
  /** Where `{user, session}` is held: the page's one store, or a store of the provider's own when seeded. */
  store: SessionStore;
  /**
   * Started with a session of its own (tests, a remote running standalone): nothing is restored, the hint is
   * left alone and the other tabs are neither told nor heard.
   */
  seeded: boolean;
  /** Receives every change of what is rendered. */
  dispatch: (action: AuthStateAction) => void;
  /** Calls made without the signed-in session (sign-in, refresh, logout). */
  client: ApiClient;
  /** How the other tabs are reached; BroadcastChannel unless given. */
  openChannel?: (onMessage: (message: SessionMessage) => void) => SessionChannel;
  /** The refresh lock shared by the tabs; `navigator.locks` unless given (null: none). */
  locks?: RefreshLocks | null;
  /** The device's offline copy (docs/installable-app.md, Offline); the page's Cache Storage unless given. */
  offlineData?: OfflineData;
}

export interface SessionMachine {
  readonly store: SessionStore;
  /**
   * The one API client carrying this session: bearer token, refresh before expiry, one shared refresh and one
   * retry after a 401; a refused refresh signs out.
   */
  readonly api: ApiClient;
  signIn(email: string, password: string): Promise<SignInResult>;
  verifyMfa(userId: string, code: string, mfaToken: string): Promise<VerifyMfaResult>;
  establishSession(answer: SessionResponse): void;
  updateUser(user: AuthUser): void;
  signOut(): Promise<void>;
  refreshSession(): Promise<MemorySession | null>;
  /** Reports changes of the store made by anything else; returns the unsubscribe. */
  followStore(): () => void;
  /** Hears the other tabs (and lets them hear this one) until the returned function is called. */
  listenToOtherTabs(): () => void;
  /** Restores the session from the refresh cookie: on the first call only, and never when seeded. */
  restore(): void;
  /** Runs the refresh tick now and every 30 s until the returned function is called. */
  startRefreshTicks(): () => void;
}

/** A refresh that failed for good (no, expired or spent cookie): the session is over. */
const REFUSED = 'refused' as const;
type Rotation = MemorySession | null | typeof REFUSED;

export function createSessionMachine({
  store,
  seeded,
  dispatch,
  client,
  openChannel = openSessionChannel,
  locks,
  offlineData = browserOfflineData,
}: SessionMachineOptions): SessionMachine {
  let refreshing: Promise<Rotation> | null = null;
  let restoreStarted = false;
  let restoring = false;
  let channel: SessionChannel | null = null;
  // Bumped by every sign-out (here or in another tab): a rotation that was in flight then must not sign back
  // in.
  let signOutCount = 0;
  // The user whose offline copy was last kept, so a rotation does not rewrite it every 15 minutes.
  let keptOfflineFor: string | null = null;
  // Showing the offline copy: the session is restored once the network is back.
  let showingOffline = false;

  const fetchMe = (token: string) => client.call(AUTH_ENDPOINTS.me, {}, { token });
  const postRefresh = () => client.call(AUTH_ENDPOINTS.refresh, { body: {} }, { sessionCookie: true });

  /** Sets the session here; `share` also tells the other tabs (what they told us is never echoed back). */
  function apply(user: AuthUser | null, session: MemorySession | null, share = true) {
    if (!seeded) {
      writeSignedInHint(Boolean(user && session));
      // The offline copy belongs to the signed-in user alone and goes with the session (docs/installable-app.md).
      if (user && session && keptOfflineFor !== user.id) {
        keptOfflineFor = user.id;
        void offlineData.keepOnly(user);
      } else if (!user && !session) {
        keptOfflineFor = null;
        void offlineData.clear();
      }
    }
    showingOffline = false;
    store.set({ user, session });
    dispatch({ type: 'sessionSet', user, session });
    if (!share) return;
    if (user && session) channel?.post({ type: 'session', user, session });
    else channel?.post({ type: 'signed-out' });
  }

  /** Signed out for this page only, the hint kept so the next load tries again. */
  function forgetHere() {
    store.set({ user: null, session: null });
    dispatch({ type: 'sessionSet', user: null, session: null });
  }

  const establishSession = (answer: SessionResponse) => apply(answer.user, toMemorySession(answer.session));

  /**
   * One rotation of the refresh cookie, shared by every caller in this tab and serialised with the other
   * tabs: the new session, REFUSED (signed out), or null (server unreachable or failing: try again later).
   */
  function rotate(): Promise<Rotation> {
    if (refreshing) return refreshing;
    const from = store.get().session;
    const signOuts = signOutCount;
    const run = (async () => {
      try {
        return await withRefreshLock(async () => {
          if (signOutCount !== signOuts) return null;
          // While this tab waited for the lock another one may have rotated and shared its session: use it.
          const latest = store.get().session;
          const fresh = latest && latest !== from && !isWithinExpiryMargin(latest.expires_at, Date.now());
          if (fresh) return latest;
          const answer = await withRefreshBackoff(postRefresh);
          const next = toMemorySession(answer.session);
          // Told while the lock is still held, so a tab queued behind it finds the new token instead of
          // rotating again.
          channel?.post({ type: 'rotated', session: next });
          return next;
        }, locks);
      } catch (error) {
        return isRetryableRefreshError(error) ? null : REFUSED;
      } finally {
        refreshing = null;
      }
    })();
    refreshing = run;
    return run;
  }

  async function refreshSession(): Promise<MemorySession | null> {
    const signOuts = signOutCount;
    const outcome = await rotate();
    if (signOutCount !== signOuts) return null; // signed out meanwhile
    const { user, session } = store.get();
    if (outcome === REFUSED) {
      // docs/product/accounts.md §4: a spent or invalid refresh token ends the session (here and in the other
      // tabs).
      if (session) apply(null, null);
      return null;
    }
    // Unreachable or failing server: keep the session and let the next tick try again.
    if (!outcome) return null;
    if (outcome !== session && user) apply(user, outcome);
    return outcome;
  }

  // The other tabs: a session one of them got (sign-in, rotation) is used here; a sign-out there signs out
  // here.
  function hear(message: SessionMessage) {
    if (message.type === 'signed-out') {
      signOutCount += 1;
      if (store.get().session || store.get().user) apply(null, null, false);
      else dispatch({ type: 'loadingEnded' });
      return;
    }
    const current = store.get();
    // An older token than the one held (messages can cross) is ignored.
    if (current.session && current.session.expires_at > message.session.expires_at) return;
    if (message.type === 'session') apply(message.user, message.session, false);
    else if (current.user) apply(current.user, message.session, false);
    // Restoring (no user yet): keep the token; this tab's queued refresh takes it and asks `me` with it.
    else if (restoring) store.set({ user: null, session: message.session });
  }

  function listenToOtherTabs() {
    if (seeded) return () => undefined;
    const opened = openChannel(hear);
    channel = opened;
    // Back online after an offline start: the refresh cookie gives the real session again.
    const onOnline = () => {
      if (showingOffline && !restoring) {
        restoring = true;
        void restoreFromCookie().finally(() => (restoring = false));
      }
    };
    window.addEventListener('online', onOnline);
    // Without BroadcastChannel, the hint's removal is the sign of a sign-out in another tab.
    const onStorage = (event: StorageEvent) => {
      if (event.key === SIGNED_IN_HINT_KEY && event.newValue === null && store.get().session) {
        signOutCount += 1;
        apply(null, null, false);
      }
    };
    window.addEventListener('storage', onStorage);
    return () => {
      opened.close();
      if (channel === opened) channel = null;
      window.removeEventListener('storage', onStorage);
      window.removeEventListener('online', onOnline);
    };
  }

  // Restore on load: when the hint says a refresh cookie may exist, rotate it for an access token, then `me`.
  function restore() {
    if (seeded || restoreStarted) return;
    restoreStarted = true;
    dropLegacySessionKeys();
    // Kept from an earlier mount, or nothing to restore.
    if (store.get().session || !readSignedInHint()) return;
    restoring = true;
    void (async () => {
      try {
        await restoreFromCookie();
      } finally {
        restoring = false;
      }
    })();
  }

  /**
   * No network: the user whose dashboard this device keeps, without a session (docs/installable-app.md, Offline),
   * when the hint says they never signed out; else signed out here as when auth is unreachable.
   */
  async function showOfflineCopy(signOuts: number) {
    const user = readSignedInHint() ? await offlineData.readUser() : null;
    if (signOutCount !== signOuts || store.get().session) return;
    if (!user) {
      forgetHere();
      return;
    }
    showingOffline = true;
    store.set({ user, session: null });
    dispatch({ type: 'sessionSet', user, session: null, offline: true });
  }

  async function restoreFromCookie() {
    const signOuts = signOutCount;
    // Offline, the refresh would only back off for a whole tick before failing.
    if (isBrowserOffline()) {
      await showOfflineCopy(signOuts);
      return;
    }
    const outcome = await rotate();
    if (signOutCount !== signOuts) return;
    if (outcome === REFUSED) {
      apply(null, null, false); // no session here to end elsewhere; the hint goes
      return;
    }
    if (!outcome) {
      if (showingOffline) return; // still no answer: the offline copy stays
      if (isBrowserOffline()) await showOfflineCopy(signOuts);
      else forgetHere(); // auth unreachable
      return;
    }
    const shared = store.get();
    if (shared.user && shared.session === outcome) return; // another tab shared its session (with its user)
    try {
      const { user } = await fetchMe(outcome.access_token);
      if (signOutCount === signOuts) apply(user, outcome);
    } catch (error) {
      const refused = error instanceof ApiError && (error.status === 401 || error.status === 403);
      if (refused) apply(null, null, false);
      else if (!showingOffline) forgetHere();
    }
  }

  // docs/product/accounts.md §9: a 30 s tick; refresh when 3 ticks or fewer remain before expiry.
  function startRefreshTicks() {
    const tick = () => {
      const session = store.get().session;
      if (session && shouldRefreshOnTick(session.expires_at, Date.now())) void refreshSession();
    };
    tick();
    const timer = setInterval(tick, REFRESH_TICK_MS);
    return () => clearInterval(timer);
  }

  async function signIn(email: string, password: string): Promise<SignInResult> {
    const answer = await client.call(AUTH_ENDPOINTS.login, { body: { email, password } });
    if ('mfa_required' in answer) {
      return {
        mfaRequired: true,
        mfaToken: answer.mfa_token,
        userId: answer.userId,
        message: answer.message,
        factors: answer.factors,
      };
    }
    establishSession(answer);
    return { mfaRequired: false, user: answer.user };
  }

  async function verifyMfa(userId: string, code: string, mfaToken: string): Promise<VerifyMfaResult> {
    try {
      const answer = await client.call(
        MFA_ENDPOINTS.verify,
        { body: { userId, token: code } },
        { token: mfaToken },
      );
      if (answer.valid && answer.user && answer.session) {
        establishSession({ user: answer.user, session: answer.session });
        return { valid: true };
      }
      return { valid: false, message: answer.message };
    } catch (error) {
      // A refused code (or an expired challenge) is an answer; no answer at all is a failure to verify.
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
        return { valid: false, message: error.message, status: error.status };
      }
      throw error;
    }
  }

  async function signOut() {
    const current = store.get().session;
    signOutCount += 1;
    apply(null, null);
    if (!current) return;
    // The server revokes the session family (the access token's `sid`) and clears the cookie.
    await client
      .call(AUTH_ENDPOINTS.logout, { body: {} }, { token: current.access_token, sessionCookie: true })
      // The local session is gone either way; an unreachable server's expires on its own.
      .catch(() => undefined);
  }

  return {
    store,
    api: createApiClient({ session: { current: () => store.get().session, refresh: refreshSession } }),
    signIn,
    verifyMfa,
    establishSession,
    updateUser: (user) => apply(user, store.get().session),
    signOut,
    refreshSession,
    followStore: () =>
      store.subscribe(({ user, session }) => dispatch({ type: 'storeChanged', user, session })),
    listenToOtherTabs,
    restore,
    startRefreshTicks,
  };
}
