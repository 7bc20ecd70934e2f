import { AUTH_ENDPOINTS, EMAIL_CONFIRMATION_MESSAGES } from '@paycadence/contracts';
import {
  Alert,
  ApiError,
  NETWORK_ERROR_MESSAGE,
  Spinner,
  useApi,
  useAuth,
  useDocumentTitle,
} from '@paycadence/web-kit';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import './confirm-email.css';

type Outcome =
  | { status: 'confirming' }
  | { status: 'confirmed'; message: string; email: string }
  | { status: 'failed'; message: string };

/** The link's token: `#token=…` (a fragment, which browsers never send to a server). */
export function confirmationToken(hash: string): string | null {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token')?.trim() || null;
}

/**
 * /confirm-email#token=…, exposed to the shell as './ConfirmEmailPage': the page the confirmation e-mail opens. It
 * works signed in or out (people open mail on their phone), takes the token out of the address bar and history
 * at once, and sends it once in a request body.
 */
export function ConfirmEmailPage() {
  const { user, updateUser } = useAuth();
  const api = useApi();
  useDocumentTitle(EMAIL_CONFIRMATION_MESSAGES.pageTitle);
  const [outcome, setOutcome] = useState<Outcome>({ status: 'confirming' });
  // React runs effects twice in development: the one-use link must be spent once.
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    const token = confirmationToken(window.location.hash);
    window.history.replaceState(window.history.state, '', window.location.pathname);
    if (!token) {
      setOutcome({ status: 'failed', message: EMAIL_CONFIRMATION_MESSAGES.missingToken });
      return;
    }
    api
      .call(AUTH_ENDPOINTS.confirmEmail, { body: { token } })
      .then((answer) => setOutcome({ status: 'confirmed', message: answer.message, email: answer.email }))
      .catch((failure: unknown) => {
        const message =
          failure instanceof ApiError && failure.status === 0
            ? NETWORK_ERROR_MESSAGE
            : failure instanceof ApiError && failure.status < 500 && failure.message
              ? failure.message
              : EMAIL_CONFIRMATION_MESSAGES.failed;
        setOutcome({ status: 'failed', message });
      });
  }, [api]);

  // The signed-in person's banner goes at once when this was their address.
  useEffect(() => {
    if (outcome.status === 'confirmed' && user && !user.email_confirmed && user.email === outcome.email)
      updateUser({ ...user, email_confirmed: true });
  }, [outcome, user, updateUser]);

  return (
    <>
      <meta name="robots" content="noindex" />
      <div className="ce-page pc-container">
        <h1 className="ce-page__title">{EMAIL_CONFIRMATION_MESSAGES.pageTitle}</h1>
        {outcome.status === 'confirming' && <Spinner label={EMAIL_CONFIRMATION_MESSAGES.confirming} />}
        {outcome.status === 'confirmed' && <Alert tone="success">{outcome.message}</Alert>}
        {outcome.status === 'failed' && <Alert tone="error">{outcome.message}</Alert>}
        {outcome.status !== 'confirming' && (
          <p className="ce-page__next">
            {user ? <Link to="/dashboard">Go to your dashboard</Link> : <Link to="/login">Sign in</Link>}
          </p>
        )}
      </div>
    </>
  );
}
