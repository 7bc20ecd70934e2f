import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

/** The signed-in user as services/auth returns it (DESIGN §4). */
export interface AuthUser {
  id: string;
  email: string;
  role: 'user' | 'admin';
  status: 'active' | 'suspended';
  firstName: string;
  lastName: string;
  created_at: string;
  mfa_enabled: boolean;
}

/** Tokens of a session (DESIGN §4). */
export interface AuthSession {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  token_type: 'bearer';
}

export type SignInResult =
  | { status: 'signed-in'; user: AuthUser }
  | { status: 'mfa-required'; userId: string; mfaToken: string };

/**
 * What every screen reads from the session context.
 *
 * PLACEHOLDER (issue 2): nobody can sign in yet, so `user` and `session` stay null and `signIn` is
 * absent. The identity work fills this provider in: sign-in (with the MFA step), sign-out, token
 * refresh every 30 s when near expiry (spec part 1 §9), and `getAccessToken` for the API client.
 * Screens must already treat `signIn` as optional and `loading` as "don't decide yet".
 */
export interface AuthContextValue {
  user: AuthUser | null;
  session: AuthSession | null;
  /** True while the stored session is being restored; guards show 'Loading...' meanwhile. */
  loading: boolean;
  /** Present once sign-in is implemented. */
  signIn?: (email: string, password: string) => Promise<SignInResult>;
  signOut: () => Promise<void>;
  /** The current access token for `createApiClient({getToken})`, or null when signed out. */
  getAccessToken: () => string | null;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export interface AuthProviderProps {
  children: ReactNode;
  /** A session to start with (tests and, later, the restored session). */
  initialUser?: AuthUser | null;
  initialSession?: AuthSession | null;
}

export function AuthProvider({ children, initialUser = null, initialSession = null }: AuthProviderProps) {
  const [user, setUser] = useState<AuthUser | null>(initialUser);
  const [session, setSession] = useState<AuthSession | null>(initialSession);

  const signOut = useCallback(async () => {
    setUser(null);
    setSession(null);
  }, []);
  const getAccessToken = useCallback(() => session?.access_token ?? null, [session]);

  const value = useMemo<AuthContextValue>(
    () => ({ user, session, loading: false, signOut, getAccessToken }),
    [user, session, signOut, getAccessToken],
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
