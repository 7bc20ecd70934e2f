import type { AuthUser, SessionResponse } from '@paycadence/contracts';
import { createContext, useContext, useEffect, useMemo, useReducer, useRef, type ReactNode } from 'react';
import { createApiClient, type ApiClient } from '../api/endpoint-client.js';
import {
  authStateReducer,
  createSessionMachine,
  isActive,
  openingState,
  type SessionMachine,
  type SignInResult,
  type VerifyMfaResult,
} from './session-machine.js';
import {
  browserSession,
  createSessionStore,
  type MemorySession,
  type SessionStore,
} from './session-storage.js';

export type { SignInResult, VerifyMfaResult } from './session-machine.js';

/** What every screen (shell and remotes) reads from the session context. */
export interface AuthContextValue {
  user: AuthUser | null;
  /** The access token and its expiry, in memory only (the refresh token is an HttpOnly cookie). */
  session: MemorySession | null;
  /** True while a session is being restored from the refresh cookie on load; guards show 'Loading...'. */
  loading: boolean;
  /**
   * Opened without a network: `user` is whose offline copy this device keeps, there is no session, and
   * changes are refused until the network is back (docs/installable-app.md, Offline).
   */
  offline?: boolean;
  /**
   * Password step. Signs in, or answers that a second factor is needed (docs/security.md). Throws ApiError.
   */
  signIn: (email: string, password: string) => Promise<SignInResult>;
  /** The code step: `{valid:false}` for a refused code; throws ApiError when there is no usable answer. */
  verifyMfa: (userId: string, code: string, mfaToken: string) => Promise<VerifyMfaResult>;
  /** Keeps a session issued elsewhere (registration answers `{user, session}` and sets the cookie). */
  establishSession: (answer: SessionResponse) => void;
  /** Replaces the signed-in user's details (profile save). */
  updateUser: (user: AuthUser) => void;
  /**
   * Forgets the session here and in every other tab, then POST /api/auth/logout. Navigation is the caller's.
   */
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

/**
 * Calls made without the signed-in session (sign-in, refresh, public forms), through the same client code.
 */
const sessionlessApi = createApiClient();

export interface AuthProviderProps {
  children: ReactNode;
  /**
   * A session to start with (tests, a remote running standalone): nothing is restored, and the provider keeps
   * it in a store of its own instead of the page's.
   */
  initialUser?: AuthUser | null;
  initialSession?: MemorySession | null;
}

/** Renders the session kept by session-machine.ts: the machine decides, React only shows and schedules. */
export function AuthProvider({ children, initialUser, initialSession }: AuthProviderProps) {
  const seeded = initialUser !== undefined || initialSession !== undefined;
  const storeRef = useRef<SessionStore | null>(null);
  storeRef.current ??= seeded
    ? createSessionStore({ user: initialUser ?? null, session: initialSession ?? null })
    : browserSession;
  const store = storeRef.current;
  const [state, dispatch] = useReducer(authStateReducer, store, (held) => openingState(held, seeded));
  // Made once, like the store: whether the provider is seeded is read on the first render only.
  const machineRef = useRef<SessionMachine | null>(null);
  machineRef.current ??= createSessionMachine({ store, seeded, dispatch, client: sessionlessApi });
  const machine = machineRef.current;

  // In this order, as the session needs them: changes made elsewhere are followed before the other tabs are
  // heard, and both before the restore that may need them.
  useEffect(() => machine.followStore(), [machine]);
  useEffect(() => machine.listenToOtherTabs(), [machine]);
  useEffect(() => machine.restore(), [machine]);
  // The tick follows the rendered state: it starts once a signed-in session is shown, stops when it is not.
  const active = isActive(state);
  useEffect(() => (active ? machine.startRefreshTicks() : undefined), [machine, active]);

  const value = useMemo<AuthContextValue>(
    () => ({
      ...state,
      signIn: machine.signIn,
      verifyMfa: machine.verifyMfa,
      establishSession: machine.establishSession,
      updateUser: machine.updateUser,
      signOut: machine.signOut,
      refreshSession: machine.refreshSession,
      api: machine.api,
    }),
    [state, machine],
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
