import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { apiFetch, ApiError, type ApiFetchOptions } from '../api/api-client.js';
import type { AuthSession, AuthUser, SessionAnswer, SignInResult, VerifyMfaResult } from './auth-types.js';
import {
  isRetryableRefreshError,
  isWithinExpiryMargin,
  REFRESH_TICK_MS,
  shouldRefreshOnTick,
  withRefreshBackoff,
} from './session-refresh.js';
import { clearStoredSession, readStoredSession, SESSION_STORAGE_KEY, writeStoredSession } from './session-storage.js';

export type { AuthSession, AuthUser, SessionAnswer, SignInResult, VerifyMfaResult } from './auth-types.js';

type TimedSession = AuthSession & { expires_at: number };

/** What every screen (shell and remotes) reads from the session context. */
export interface AuthContextValue {
  user: AuthUser | null;
  session: TimedSession | null;
  /** True while the stored session is read and checked with GET /api/auth/me; guards show 'Loading...'. */
  loading: boolean;
  /** Password step. Signs in, or answers that a second factor is needed (DESIGN §4). Throws ApiError. */
  signIn: (email: string, password: string) => Promise<SignInResult>;
  /** The code step: `{valid:false}` for a refused code; throws ApiError when there is no usable answer. */
  verifyMfa: (userId: string, code: string, mfaToken: string) => Promise<VerifyMfaResult>;
  /** Keeps a session issued elsewhere (registration answers `{user, session}`). */
  establishSession: (answer: SessionAnswer) => void;
  /** Replaces the signed-in user's details (profile save). */
  updateUser: (user: AuthUser) => void;
  /** POST /api/auth/logout, then forgets the session. Navigation is the caller's (logout returns home). */
  signOut: () => Promise<void>;
  /** Rotates the tokens now; resolves with the new session, or null when it could not. */
  refreshSession: () => Promise<TimedSession | null>;
  /** The current access token, read at call time (for `createApiClient({getToken})`). */
  getAccessToken: () => string | null;
  /** apiFetch with the session's bearer token; refreshes and retries once on 401. */
  authFetch: <T = unknown>(path: string, options?: Omit<ApiFetchOptions, 'token'>) => Promise<T>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export interface AuthProviderProps {
  children: ReactNode;
  /** A session to start with (tests, a remote running standalone); when given, nothing is restored. */
  initialUser?: AuthUser | null;
  initialSession?: AuthSession | null;
}

interface AuthState {
  user: AuthUser | null;
  session: TimedSession | null;
  loading: boolean;
}

type LoginAnswer = SessionAnswer | { mfa_required: true; mfa_token: string; userId: string; message?: string };
interface VerifyAnswer {
  valid: boolean;
  user?: AuthUser;
  session?: AuthSession;
  message?: string;
}

const withExpiry = (session: AuthSession): TimedSession => ({
  ...session,
  expires_at: session.expires_at ?? Math.floor(Date.now() / 1000) + session.expires_in,
});

const fetchMe = (token: string) => apiFetch<{ user: AuthUser }>('/api/auth/me', { token });

export function AuthProvider({ children, initialUser, initialSession }: AuthProviderProps) {
  const seeded = initialUser !== undefined || initialSession !== undefined;
  const [state, setState] = useState<AuthState>(() =>
    seeded
      ? { user: initialUser ?? null, session: initialSession ? withExpiry(initialSession) : null, loading: false }
      : { user: null, session: null, loading: true },
  );
  // Refs hold the live values, so timers and in-flight calls never act on a stale render.
  const userRef = useRef(state.user);
  const sessionRef = useRef(state.session);
  const refreshing = useRef<Promise<TimedSession | null> | null>(null);
  const restoreStarted = useRef(false);

  const apply = useCallback((user: AuthUser | null, session: TimedSession | null) => {
    userRef.current = user;
    sessionRef.current = session;
    if (user && session) writeStoredSession({ user, session });
    else clearStoredSession();
    setState({ user, session, loading: false });
  }, []);

  const establishSession = useCallback(
    (answer: SessionAnswer) => apply(answer.user, withExpiry(answer.session)),
    [apply],
  );

  const refreshSession = useCallback((): Promise<TimedSession | null> => {
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
        const { session } = await withRefreshBackoff(() =>
          apiFetch<{ session: AuthSession }>('/api/auth/refresh', { body: { refresh_token: from.refresh_token } }),
        );
        if (sessionRef.current?.refresh_token !== from.refresh_token) return sessionRef.current; // signed out meanwhile
        const next = withExpiry(session);
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
      const answer = await apiFetch<LoginAnswer>('/api/auth/login', { body: { email, password } });
      if ('mfa_required' in answer && answer.mfa_required) {
        return { mfaRequired: true, mfaToken: answer.mfa_token, userId: answer.userId, message: answer.message };
      }
      const session = answer as SessionAnswer;
      establishSession(session);
      return { mfaRequired: false, user: session.user };
    },
    [establishSession],
  );

  const verifyMfa = useCallback(
    async (userId: string, code: string, mfaToken: string): Promise<VerifyMfaResult> => {
      try {
        const answer = await apiFetch<VerifyAnswer>('/api/mfa/verify', { body: { userId, token: code }, token: mfaToken });
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
    await apiFetch('/api/auth/logout', { body: { refresh_token: current.refresh_token }, token: current.access_token }).catch(
      () => undefined, // the local session is gone either way; the server's expires on its own
    );
  }, [apply]);

  const updateUser = useCallback((user: AuthUser) => apply(user, sessionRef.current), [apply]);
  const getAccessToken = useCallback(() => sessionRef.current?.access_token ?? null, []);

  const authFetch = useCallback(
    async <T,>(path: string, options: Omit<ApiFetchOptions, 'token'> = {}): Promise<T> => {
      let session = sessionRef.current;
      if (session && isWithinExpiryMargin(session.expires_at, Date.now())) session = (await refreshSession()) ?? sessionRef.current;
      try {
        return await apiFetch<T>(path, { ...options, token: session?.access_token ?? null });
      } catch (error) {
        if (!(error instanceof ApiError) || error.status !== 401 || !session) throw error;
        const next = await refreshSession();
        if (!next) throw error;
        return apiFetch<T>(path, { ...options, token: next.access_token });
      }
    },
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
      getAccessToken,
      authFetch,
    }),
    [state, signIn, verifyMfa, establishSession, updateUser, signOut, refreshSession, getAccessToken, authFetch],
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
