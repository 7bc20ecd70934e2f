import { useLocation } from 'react-router-dom';

/**
 * `?next=/household/accept?token=…` on /login and /register: where to go once signed in (the household
 * invitation page sends visitors here and back). Only a path on this site is followed — never `//host` or a
 * full URL (no open redirect).
 */
export function safeReturnPath(next: string | null, fallback: string): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return fallback;
  return next;
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
