import type { AuthSession, AuthUser } from '@payday/contracts';

/** Where the signed-in session is kept between visits (one key, JSON `{user, session}`). */
export const SESSION_STORAGE_KEY = 'paycadence.session';

export interface StoredSession {
  user: AuthUser;
  session: AuthSession;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage disabled (private mode with a strict policy): the session lives in memory only
  }
}

export function readStoredSession(): StoredSession | null {
  try {
    const parsed = JSON.parse(storage()?.getItem(SESSION_STORAGE_KEY) ?? 'null') as Partial<StoredSession> | null;
    const session = parsed?.session;
    if (!parsed?.user?.id || !session?.access_token || !session.refresh_token || typeof session.expires_at !== 'number') {
      return null;
    }
    return parsed as StoredSession;
  } catch {
    return null;
  }
}

export function writeStoredSession(value: StoredSession): void {
  // The last 4 of the SSN only travels to the profile screen; it is never kept in the browser.
  const { ssn: _ssn, ...user } = value.user;
  try {
    storage()?.setItem(SESSION_STORAGE_KEY, JSON.stringify({ user, session: value.session }));
  } catch {
    // quota or disabled storage: the session still works for this page
  }
}

export function clearStoredSession(): void {
  try {
    storage()?.removeItem(SESSION_STORAGE_KEY);
  } catch {
    // nothing stored
  }
}
