import { useLocation } from 'react-router-dom';

// Any origin works here: a relative path that stays on it is same-site; one that leaves it is not.
const PROBE_ORIGIN = 'https://paycadence.invalid';
// Browsers drop tabs and newlines from URLs ('/\t/evil.example' becomes '//evil.example'), and treat '\' as '/'.
const hasUnsafeCharacter = (value: string) =>
  [...value].some((character) => character === '\\' || character.charCodeAt(0) < 0x20 || character.charCodeAt(0) === 0x7f);
// Sign-in and sign-up screens as a way back would loop.
const AUTH_SCREENS = new Set(['/login', '/admin-login', '/dev-login', '/register', '/signup', '/dev-register']);

/**
 * `?next=/household/accept` on /login and /register: where to go once signed in (a guarded page and the
 * household invitation page send visitors here and back). Only a path on this site is followed, with its query
 * and fragment: never `//host`, `/\host` or a full URL (no open redirect).
 */
export function safeReturnPath(next: string | null, fallback: string): string {
  if (!next || !next.startsWith('/') || hasUnsafeCharacter(next)) return fallback;
  let url: URL;
  try {
    url = new URL(next, PROBE_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PROBE_ORIGIN || AUTH_SCREENS.has(url.pathname)) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** `/login?next=…` for a visitor of `location`: the guard's way back to the page asked for. */
export function pathWithReturn(path: string, location: { pathname: string; search: string; hash: string }): string {
  const next = `${location.pathname}${location.search}${location.hash}`;
  return safeReturnPath(next, '') ? `${path}?next=${encodeURIComponent(next)}` : path;
}

export function useReturnPath(fallback: string): string {
  const { search } = useLocation();
  return safeReturnPath(new URLSearchParams(search).get('next'), fallback);
}

/** `path` with the current `?next=` carried along, so moving between sign-in and sign-up keeps the way back. */
export function useWithReturnPath(path: string): string {
  const { search } = useLocation();
  const next = new URLSearchParams(search).get('next');
  return next && safeReturnPath(next, '') ? `${path}?next=${encodeURIComponent(next)}` : path;
}
