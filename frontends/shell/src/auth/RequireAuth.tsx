import { Spinner, useAuth } from '@paycadence/web-kit';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { pathWithReturn } from './return-path';

/** Where signed-out visitors of a guarded page go. docs/product/accounts.md §2 / §6: /admin-login; docs/product/signed-in.md §2: the dashboard → /login. */
export type GuardRedirect = '/admin-login' | '/login';

/**
 * docs/product/accounts.md §2: 'Loading...' while the session loads; no user → redirect. Any signed-in user passes (§6).
 * The sign-in screen gets `?next=` with the page asked for (query included), and goes back there afterwards.
 */
export function RequireAuth({ children, redirectTo = '/admin-login' }: { children: ReactNode; redirectTo?: GuardRedirect }) {
  const { user, loading } = useAuth();
  const location = useLocation();
  if (loading) return <Spinner />;
  if (!user) return <Navigate to={pathWithReturn(redirectTo, location)} replace />;
  return <>{children}</>;
}
