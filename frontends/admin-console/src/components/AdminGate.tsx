import { ADMIN_MESSAGES } from '@paycadence/contracts';
import { Spinner, useAuth } from '@paycadence/web-kit';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** docs/product/signed-in.md §2: what a signed-in non-admin (or nobody) sees on an admin page. */
export function AccessDenied() {
  return (
    <section className="ac-denied pc-card pc-card--padded" aria-labelledby="ac-denied-title">
      <span className="ac-denied__icon" aria-hidden="true">
        !
      </span>
      <h1 id="ac-denied-title" className="ac-denied__title">
        {ADMIN_MESSAGES.accessDenied}
      </h1>
      <p>{ADMIN_MESSAGES.accessDeniedBody}</p>
      <Link to="/dashboard" className="pc-btn pc-btn--primary pc-btn--md">
        Go to Dashboard
      </Link>
    </section>
  );
}

/**
 * The admin pages' own check (the server enforces it too): a spinner while the session is still being read
 * (docs/product/signed-in.md §2: "a spinner shows while the user is unknown"), Access Denied for anyone but an admin.
 */
export function AdminGate({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  if (loading) return <Spinner label="Loading..." />;
  if (user?.role !== 'admin') return <AccessDenied />;
  return <>{children}</>;
}
