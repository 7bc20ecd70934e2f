import {
  AUTH_ENDPOINTS,
  MFA_ENDPOINTS,
  type AuthSession,
  type AuthUser,
  type SessionResponse,
} from '@payday/contracts';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ApiError } from '../api/api-client.js';
import { createApiClient, type ApiClient } from '../api/endpoint-client.js';
import {
  isRetryableRefreshError,
  isWithinExpiryMargin,
  REFRESH_TICK_MS,
  shouldRefreshOnTick,
  withRefreshBackoff,
} from './session-refresh.js';
import { clearStoredSession, readStoredSession, SESSION_STORAGE_KEY, writeStoredSession } from './session-storage.js';

/** What `signIn` resolves with: signed in, or the second factor is needed (DESIGN §4). */
export type SignInResult =
  | { mfaRequired: true; mfaToken: string; userId: string; message?: string }
  | { mfaRequired: false; user: AuthUser };

/** What `verifyMfa` resolves with: `valid: false` carries the server's words for a refused code. */
export interface VerifyMfaResult {
  valid: boolean;
  message?: string;
}

/** What every screen (shell and remotes) reads from the session context. */
export interface AuthContextValue {
  user: AuthUser | null;
  session: AuthSession | null;
  /** True while the stored session is read and checked with GET /api/auth/me; guards show 'Loading...'. */
  loading: boolean;
  /** Password step. Signs in, or answers that a second factor is needed (DESIGN §4). Throws ApiError. */
  signIn: (email: string, password: string) => Promise<SignInResult>;
  /** The code step: `{valid:false}` for a refused code; throws ApiError when there is no usable answer. */
  verifyMfa: (userId: string, code: string, mfaToken: string) => Promise<VerifyMfaResult>;
  /** Keeps a session issued elsewhere (registration answers `{user, session}`). */
  establishSession: (answer: SessionResponse) => void;
  /** Replaces the signed-in user's details (profile save). */
  updateUser: (user: AuthUser) => void;
  /** POST /api/auth/logout, then forgets the session. Navigation is the caller's (logout returns home). */
  signOut: () => Promise<void>;
  /** Rotates the tokens now; resolves with the new session, or null when it could not. */
  refreshSession: () => Promise<AuthSession | null>;
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
  /** A session to start with (tests, a remote running standalone); when given, nothing is restored. */
  initialUser?: AuthUser | null;
  initialSession?: AuthSession | null;
}

interface AuthState {
  user: AuthUser | null;
  session: AuthSession | null;
  loading: boolean;
}

const fetchMe = (token: string) => sessionlessApi.call(AUTH_ENDPOINTS.me, {}, { token });

export function AuthProvider({ children, initialUser, initialSession }: AuthProviderProps) {
  const seeded = initialUser !== undefined || initialSession !== undefined;
  const [state, setState] = useState<AuthState>(() =>
    seeded ? { user: initialUser ?? null, session: initialSession ?? null, loading: false } : { user: null, session: null, loading: true },
  );
  // Refs hold the live values, so timers and in-flight calls never act on a stale render.
  const userRef = useRef(state.user);
  const sessionRef = useRef(state.session);
  const refreshing = useRef<Promise<AuthSession | null> | null>(null);
  const restoreStarted = useRef(false);

  const apply = useCallback((user: AuthUser | null, session: AuthSession | null) => {
    userRef.current = user;
    sessionRef.current = session;
    if (user && session) writeStoredSession({ user, session });
    else clearStoredSession();
    setState({ user, session, loading: false });
  }, []);

  const establishSession = useCallback((answer: SessionResponse) => apply(answer.user, answer.session), [apply]);

  const refreshSession = useCallback((): Promise<AuthSession | null> => {
    if (refreshing.current) return refreshing.current;
    const current = sessionRef.current;
    if (!current) return Promise.resolve(null);
    // Another tab may already have rotated this token; using the spent one would revoke the whole family.
    const stored = readStoredSession();
    if (stored && stored.user.id === userRef.current?.id && stored.session.refresh_token !== current.refresh_token) {
      apply(stored.user, stored.session);
      if (!isWithinExpiryMargin(stored.session.expires_at, Date.now())) return Promise.resolve(stored.session);
    }
    const from = sessionRef.current!;
    const run = (async () => {
      try {
        const { session: next } = await withRefreshBackoff(() =>
          sessionlessApi.call(AUTH_ENDPOINTS.refresh, { body: { refresh_token: from.refresh_token } }),
        );
        if (sessionRef.current?.refresh_token !== from.refresh_token) return sessionRef.current; // signed out meanwhile
        apply(userRef.current, next);
        return next;
      } catch (error) {
        // Unreachable or failing server: keep the session and let the next tick try again.
        if (isRetryableRefreshError(error)) return null;
        // spec part 1 §4: a spent or invalid refresh token ends the session.
        if (sessionRef.current?.refresh_token === from.refresh_token) apply(null, null);
        return null;
      } finally {
        refreshing.current = null;
      }
    })();
    refreshing.current = run;
    return run;
  }, [apply]);

  // Restore: read the stored session, refresh it first when it is about to expire, then confirm it with `me`.
  useEffect(() => {
    if (seeded || restoreStarted.current) return;
    restoreStarted.current = true;
    void (async () => {
      const stored = readStoredSession();
      if (!stored) {
        apply(null, null);
        return;
      }
      userRef.current = stored.user;
      sessionRef.current = stored.session;
      if (isWithinExpiryMargin(stored.session.expires_at, Date.now())) {
        await refreshSession();
        if (!sessionRef.current) return; // the refresh token was refused: signed out
      }
      try {
        const { user } = await fetchMe(sessionRef.current.access_token);
        apply(user, sessionRef.current);
      } catch (error) {
        if (!(error instanceof ApiError) || error.status !== 401) {
          apply(userRef.current, sessionRef.current); // offline or server fault: keep the stored session
          return;
        }
        const next = await refreshSession();
        if (!next) {
          if (sessionRef.current) apply(null, null);
          return;
        }
        try {
          apply((await fetchMe(next.access_token)).user, next);
        } catch {
          apply(null, null);
        }
      }
    })();
  }, [seeded, apply, refreshSession]);

  // spec part 1 §9: a 30 s tick; refresh when 3 ticks or fewer remain before expiry.
  const active = state.session !== null && !state.loading;
  useEffect(() => {
    if (!active) return;
    const tick = () => {
      const session = sessionRef.current;
      if (session && shouldRefreshOnTick(session.expires_at, Date.now())) void refreshSession();
    };
    tick();
    const timer = setInterval(tick, REFRESH_TICK_MS);
    return () => clearInterval(timer);
  }, [active, refreshSession]);

  // Signing out (or in) in another tab applies here too.
  useEffect(() => {
    if (seeded) return;
    const onStorage = (event: StorageEvent) => {
      if (event.key !== SESSION_STORAGE_KEY) return;
      const stored = readStoredSession();
      if (!stored) {
        if (sessionRef.current) apply(null, null);
      } else if (stored.session.refresh_token !== sessionRef.current?.refresh_token) {
        apply(stored.user, stored.session);
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [seeded, apply]);

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
          return { valid: false, message: error.message };
        }
        throw error;
      }
    },
    [establishSession],
  );

  const signOut = useCallback(async () => {
    const current = sessionRef.current;
    apply(null, null);
    if (!current) return;
    await sessionlessApi
      .call(AUTH_ENDPOINTS.logout, { body: { refresh_token: current.refresh_token } }, { token: current.access_token })
      .catch(() => undefined); // the local session is gone either way; the server's expires on its own
  }, [apply]);

  const updateUser = useCallback((user: AuthUser) => apply(user, sessionRef.current), [apply]);
  const api = useMemo(
    () => createApiClient({ session: { current: () => sessionRef.current, refresh: refreshSession } }),
    [refreshSession],
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

// spec part 1 §8: using the session hook outside its provider throws this exact message.
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
