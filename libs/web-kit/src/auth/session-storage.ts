import { SIGNED_IN_HINT_KEY, type AuthSession, type AuthUser } from '@paycadence/contracts';

// Where the browser keeps the session: the access token in memory only (this module, shared
// by the shell and every remote as one singleton), the refresh token in an HttpOnly cookie no script can read,
// and in localStorage nothing but a non-secret hint that such a cookie may exist.

// SIGNED_IN_HINT_KEY (contracts): '1' while a refresh cookie may exist; only then is a refresh on load worth a call.
export { SIGNED_IN_HINT_KEY };
/** Where earlier releases kept `{user, session}` with a 30-day refresh token; deleted on start. */
export const LEGACY_SESSION_KEYS = ['paycadence.session'] as const;

/**
 * The session as this page holds it (memory only): the wire's AuthSession, with `expires_at` counted on this
 * machine's clock from `expires_in` when it arrived, so a skewed clock cannot make a fresh token look expired.
 */
export type MemorySession = AuthSession;

export function toMemorySession(wire: Pick<AuthSession, 'access_token' | 'expires_in'>, nowMs = Date.now()): MemorySession {
  return { access_token: wire.access_token, expires_in: wire.expires_in, expires_at: Math.floor(nowMs / 1000) + wire.expires_in, token_type: 'bearer' };
}

export interface SessionSnapshot {
  user: AuthUser | null;
  session: MemorySession | null;
}

/** A tiny observable holder of `{user, session}`. */
export interface SessionStore {
  get(): SessionSnapshot;
  set(next: SessionSnapshot): void;
  subscribe(listener: (next: SessionSnapshot) => void): () => void;
}

export function createSessionStore(initial: SessionSnapshot = { user: null, session: null }): SessionStore {
  let current = initial;
  const listeners = new Set<(next: SessionSnapshot) => void>();
  return {
    get: () => current,
    set(next) {
      current = next;
      for (const listener of listeners) listener(next);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The page's one session: the shell's AuthProvider fills it; the remotes see it through the same context. */
export const browserSession = createSessionStore();

/** Tests only: forget the page's session between cases. */
export function resetBrowserSession(): void {
  browserSession.set({ user: null, session: null });
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage disabled (a strict private mode): no hint, so a reload starts signed out
  }
}

export function readSignedInHint(): boolean {
  try {
    return storage()?.getItem(SIGNED_IN_HINT_KEY) === '1';
  } catch {
    return false;
  }
}

export function writeSignedInHint(signedIn: boolean): void {
  try {
    if (signedIn) storage()?.setItem(SIGNED_IN_HINT_KEY, '1');
    else storage()?.removeItem(SIGNED_IN_HINT_KEY);
  } catch {
    // quota or disabled storage: this page keeps working; a reload starts signed out
  }
}

/** Migration: a browser upgraded from a release that kept tokens in localStorage drops them. */
export function dropLegacySessionKeys(): void {
  try {
    for (const key of LEGACY_SESSION_KEYS) storage()?.removeItem(key);
  } catch {
    // nothing stored
  }
}
