import { AUTH_ENDPOINTS, MFA_ENDPOINTS, type AuthUser, type SessionResponse } from '@payday/contracts';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
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
} from './session-refresh.js';
import {
  browserSession,
  createSessionStore,
  dropLegacySessionKeys,
  readSignedInHint,
  SIGNED_IN_HINT_KEY,
  toMemorySession,
  writeSignedInHint,
  type MemorySession,
  type SessionStore,
} from './session-storage.js';

/** What `signIn` resolves with: signed in, or the second factor is needed (docs/security.md). */
export type SignInResult =
  | { mfaRequired: true; mfaToken: string; userId: string; message?: string }
  | { mfaRequired: false; user: AuthUser };

/** What `verifyMfa` resolves with: `valid: false` carries the server's words for a refused code. */
export interface VerifyMfaResult {
  valid: boolean;
  message?: string;
  /** The refusal's HTTP status (429: too many attempts or the account's slowing, whose message names the wait). */
  status?: number;
}

/** What every screen (shell and remotes) reads from the session context. */
export interface AuthContextValue {
  user: AuthUser | null;
  /** The access token and its expiry, in memory only (the refresh token is an HttpOnly cookie). */
  session: MemorySession | null;
  /** True while a session is being restored from the refresh cookie on load; guards show 'Loading...'. */
  loading: boolean;
  /** Password step. Signs in, or answers that a second factor is needed (docs/security.md). Throws ApiError. */
  signIn: (email: string, password: string) => Promise<SignInResult>;
  /** The code step: `{valid:false}` for a refused code; throws ApiError when there is no usable answer. */
  verifyMfa: (userId: string, code: string, mfaToken: string) => Promise<VerifyMfaResult>;
  /** Keeps a session issued elsewhere (registration answers `{user, session}` and sets the cookie). */
  establishSession: (answer: SessionResponse) => void;
  /** Replaces the signed-in user's details (profile save). */
  updateUser: (user: AuthUser) => void;
  /** Forgets the session here and in every other tab, then POST /api/auth/logout. Navigation is the caller's. */
  signOut: () => Promise<void>;
  /** Rotates the tokens now; resolves with the new session, or null when it could not. */
  refreshSession: () => Promise<MemorySession | null>;
  /**
   * The one API client (libs/contracts endpoints) carrying this session: bearer token, refresh before expiry,
   * one shared refresh and one retry after a 401; a refused refresh signs out.
   */
  api: ApiClient;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/** Calls made without the signed-in session (sign-in, refresh, public forms), through the same client code. */
const sessionlessApi = createApiClient();

export interface AuthProviderProps {
  children: ReactNode;
  /**
   * A session to start with (tests, a remote running standalone): nothing is restored, and the provider keeps it
   * in a store of its own instead of the page's.
   */
  initialUser?: AuthUser | null;
  initialSession?: MemorySession | null;
}

interface AuthState {
  user: AuthUser | null;
  session: MemorySession | null;
  loading: boolean;
}

/** A refresh that failed for good (no, expired or spent cookie): the session is over. */
const REFUSED = 'refused' as const;

const fetchMe = (token: string) => sessionlessApi.call(AUTH_ENDPOINTS.me, {}, { token });
const postRefresh = () => sessionlessApi.call(AUTH_ENDPOINTS.refresh, { body: {} }, { sessionCookie: true });

export function AuthProvider({ children, initialUser, initialSession }: AuthProviderProps) {
  const seeded = initialUser !== undefined || initialSession !== undefined;
  const storeRef = useRef<SessionStore | null>(null);
  storeRef.current ??= seeded
    ? createSessionStore({ user: initialUser ?? null, session: initialSession ?? null })
    : browserSession;
  const store = storeRef.current;

  const [state, setState] = useState<AuthState>(() => {
    const { user, session } = store.get();
    // Restoring is only worth a 'Loading...' when a cookie may exist; a visitor without the hint is signed out at once.
    const restoring = !seeded && !session && readSignedInHint();
    return { user, session, loading: restoring };
  });
  const refreshing = useRef<Promise<MemorySession | null | typeof REFUSED> | null>(null);
  const restoreStarted = useRef(false);
  const restoring = useRef(false);
  const channel = useRef<SessionChannel | null>(null);
  // Bumped by every sign-out (here or in another tab): a rotation that was in flight then must not sign back in.
  const signOutCount = useRef(0);

  useEffect(
    () => store.subscribe(({ user, session }) => setState((previous) => ({ user, session, loading: previous.loading && !(user && session) }))),
    [store],
  );

  /** Sets the session here; `share` also tells the other tabs (what they told us is never echoed back). */
  const apply = useCallback(
    (user: AuthUser | null, session: MemorySession | null, share = true) => {
      if (!seeded) writeSignedInHint(Boolean(user && session));
      store.set({ user, session });
      setState({ user, session, loading: false });
      if (!share) return;
      if (user && session) channel.current?.post({ type: 'session', user, session });
      else channel.current?.post({ type: 'signed-out' });
    },
    [seeded, store],
  );

  const establishSession = useCallback(
    (answer: SessionResponse) => apply(answer.user, toMemorySession(answer.session)),
    [apply],
  );

  /**
   * One rotation of the refresh cookie, shared by every caller in this tab and serialised with the other tabs:
   * the new session, REFUSED (signed out), or null (server unreachable or failing: try again later).
   */
  const rotate = useCallback((): Promise<MemorySession | null | typeof REFUSED> => {
    if (refreshing.current) return refreshing.current;
    const from = store.get().session;
    const signOuts = signOutCount.current;
    const run = (async () => {
      try {
        return await withRefreshLock(async () => {
          if (signOutCount.current !== signOuts) return null;
          // While this tab waited for the lock another one may have rotated and shared its session: use it.
          const latest = store.get().session;
          if (latest && latest !== from && !isWithinExpiryMargin(latest.expires_at, Date.now())) return latest;
          const answer = await withRefreshBackoff(postRefresh);
          const next = toMemorySession(answer.session);
          // Told while the lock is still held, so a tab queued behind it finds the new token instead of rotating again.
          channel.current?.post({ type: 'rotated', session: next });
          return next;
        });
      } catch (error) {
        return isRetryableRefreshError(error) ? null : REFUSED;
      } finally {
        refreshing.current = null;
      }
    })();
    refreshing.current = run;
    return run;
  }, [store]);

  const refreshSession = useCallback(async (): Promise<MemorySession | null> => {
    const signOuts = signOutCount.current;
    const outcome = await rotate();
    if (signOutCount.current !== signOuts) return null; // signed out meanwhile
    const { user, session } = store.get();
    if (outcome === REFUSED) {
      // docs/product/accounts.md §4: a spent or invalid refresh token ends the session (here and in the other tabs).
      if (session) apply(null, null);
      return null;
    }
    if (!outcome) return null; // unreachable or failing server: keep the session and let the next tick try again
    if (outcome !== session && user) apply(user, outcome);
    return outcome;
  }, [rotate, store, apply]);

  // The other tabs: a session one of them got (sign-in, rotation) is used here; a sign-out there signs out here.
  useEffect(() => {
    if (seeded) return;
    const onMessage = (message: SessionMessage) => {
      if (message.type === 'signed-out') {
        signOutCount.current += 1;
        if (store.get().session || store.get().user) apply(null, null, false);
        else setState((previous) => ({ ...previous, loading: false }));
        return;
      }
      const current = store.get();
      // An older token than the one held (messages can cross) is ignored.
      if (current.session && current.session.expires_at > message.session.expires_at) return;
      if (message.type === 'session') apply(message.user, message.session, false);
      else if (current.user) apply(current.user, message.session, false);
      // Restoring (no user yet): keep the token; this tab's queued refresh takes it and asks `me` with it.
      else if (restoring.current) store.set({ user: null, session: message.session });
    };
    const opened = openSessionChannel(onMessage);
    channel.current = opened;
    // Without BroadcastChannel, the hint's removal is the sign of a sign-out in another tab.
    const onStorage = (event: StorageEvent) => {
      if (event.key === SIGNED_IN_HINT_KEY && event.newValue === null && store.get().session) {
        signOutCount.current += 1;
        apply(null, null, false);
      }
    };
    window.addEventListener('storage', onStorage);
    return () => {
      opened.close();
      if (channel.current === opened) channel.current = null;
      window.removeEventListener('storage', onStorage);
    };
  }, [seeded, store, apply]);

  // Restore on load: when the hint says a refresh cookie may exist, rotate it for an access token, then `me`.
  useEffect(() => {
    if (seeded || restoreStarted.current) return;
    restoreStarted.current = true;
    dropLegacySessionKeys();
    if (store.get().session || !readSignedInHint()) return; // kept from an earlier mount, or nothing to restore
    restoring.current = true;
    void (async () => {
      try {
        await restore();
      } finally {
        restoring.current = false;
      }
    })();

    async function restore() {
      const signOuts = signOutCount.current;
      const outcome = await rotate();
      if (signOutCount.current !== signOuts) return;
      if (outcome === REFUSED) {
        apply(null, null, false); // no session here to end elsewhere; the hint goes
        return;
      }
      if (!outcome) {
        // Auth unreachable: signed out for this page, the hint kept so the next load tries again.
        store.set({ user: null, session: null });
        setState({ user: null, session: null, loading: false });
        return;
      }
      const shared = store.get();
      if (shared.user && shared.session === outcome) return; // another tab shared its session (with its user)
      try {
        const { user } = await fetchMe(outcome.access_token);
        if (signOutCount.current === signOuts) apply(user, outcome);
      } catch (error) {
        const refused = error instanceof ApiError && (error.status === 401 || error.status === 403);
        if (refused) apply(null, null, false);
        else {
          store.set({ user: null, session: null });
          setState({ user: null, session: null, loading: false });
        }
      }
    }
  }, [seeded, store, apply, rotate]);

  // docs/product/accounts.md §9: a 30 s tick; refresh when 3 ticks or fewer remain before expiry.
  const active = state.session !== null && state.user !== null && !state.loading;
  useEffect(() => {
    if (!active) return;
    const tick = () => {
      const session = store.get().session;
      if (session && shouldRefreshOnTick(session.expires_at, Date.now())) void refreshSession();
    };
    tick();
    const timer = setInterval(tick, REFRESH_TICK_MS);
    return () => clearInterval(timer);
  }, [active, store, refreshSession]);

  const signIn = useCallback(
    async (email: string, password: string): Promise<SignInResult> => {
      const answer = await sessionlessApi.call(AUTH_ENDPOINTS.login, { body: { email, password } });
      if ('mfa_required' in answer) {
        return { mfaRequired: true, mfaToken: answer.mfa_token, userId: answer.userId, message: answer.message };
      }
      establishSession(answer);
      return { mfaRequired: false, user: answer.user };
    },
    [establishSession],
  );

  const verifyMfa = useCallback(
    async (userId: string, code: string, mfaToken: string): Promise<VerifyMfaResult> => {
      try {
        const answer = await sessionlessApi.call(MFA_ENDPOINTS.verify, { body: { userId, token: code } }, { token: mfaToken });
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
    },
    [establishSession],
  );

  const signOut = useCallback(async () => {
    const current = store.get().session;
    signOutCount.current += 1;
    apply(null, null);
    if (!current) return;
    // The server revokes the session family (the access token's `sid`) and clears the cookie.
    await sessionlessApi
      .call(AUTH_ENDPOINTS.logout, { body: {} }, { token: current.access_token, sessionCookie: true })
      .catch(() => undefined); // the local session is gone either way; an unreachable server's expires on its own
  }, [store, apply]);

  const updateUser = useCallback((user: AuthUser) => apply(user, store.get().session), [store, apply]);
  const api = useMemo(
    () => createApiClient({ session: { current: () => store.get().session, refresh: refreshSession } }),
    [store, refreshSession],
  );

  const value = useMemo<AuthContextValue>(
    () => ({
      ...state,
      signIn,
      verifyMfa,
      establishSession,
      updateUser,
      signOut,
      refreshSession,
      api,
    }),
    [state, signIn, verifyMfa, establishSession, updateUser, signOut, refreshSession, api],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

// docs/product/accounts.md §8: using the session hook outside its provider throws this exact message.
export const AUTH_PROVIDER_MISSING_MESSAGE = 'useAuth must be used within an AuthProvider';

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error(AUTH_PROVIDER_MISSING_MESSAGE);
  return value;
}

/**
 * The API client of the session in context, or the same client without a session outside any provider (a
 * public page rendered on its own), so every remote calls through one client.
 */
export function useApi(): ApiClient {
  return useContext(AuthContext)?.api ?? sessionlessApi;
}
