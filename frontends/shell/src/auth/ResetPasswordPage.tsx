import { AUTH_ENDPOINTS, AUTH_MESSAGES, REGISTRATION_MESSAGES } from '@paycadence/contracts';
import { Alert, ApiError, Button, NETWORK_ERROR_MESSAGE, Spinner, TextField, useApi, useAuth, useFirstErrorFocus } from '@paycadence/web-kit';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { AuthCard } from './AuthCard';
import { readResetLinkTokens, type ResetLinkTokens } from './reset-link';

/** docs/product/accounts.md §9: password-reset redirect delay. */
export const RESET_REDIRECT_DELAY_MS = 3_000;

type LinkState = { status: 'reading' } | { status: 'ready'; tokens: ResetLinkTokens } | { status: 'invalid' };

/** /reset-password (docs/product/accounts.md §2, §4, §8): tokens from the URL fragment, then a new password. */
export function ResetPasswordPage() {
  const { user, signOut } = useAuth();
  const api = useApi();
  const navigate = useNavigate();
  const [link, setLink] = useState<LinkState>({ status: 'reading' });
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errorFocus = useFirstErrorFocus<HTMLFormElement>();

  const { hash } = useLocation();
  useEffect(() => {
    const tokens = readResetLinkTokens(hash);
    setLink((current) => (tokens ? { status: 'ready', tokens } : current.status === 'ready' ? current : { status: 'invalid' }));
    // The tokens are secrets: keep them out of the address bar (and of history) once read.
    if (tokens) window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  }, [hash]);

  useEffect(() => {
    if (!success) return;
    const timer = setTimeout(() => navigate('/login', { replace: true }), RESET_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [success, navigate]);

  if (link.status === 'reading') {
    return (
      <AuthCard title="Set a new password">
        <Spinner label="Checking your reset link..." />
      </AuthCard>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (link.status !== 'ready') return;
    setError(null);
    if (password !== confirm) {
      setError(REGISTRATION_MESSAGES.passwordsMismatch);
      errorFocus.reveal();
      return;
    }
    setBusy(true);
    try {
      await api.call(AUTH_ENDPOINTS.updatePassword, { body: { password } }, { token: link.tokens.accessToken });
      // docs/product/accounts.md §4: updates the password, signs out, then shows the message and goes to /login.
      if (user) await signOut();
      setSuccess(AUTH_MESSAGES.passwordResetSuccess);
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 0) setError(NETWORK_ERROR_MESSAGE);
      else if (failure instanceof ApiError && failure.status === 401) setError(AUTH_MESSAGES.invalidResetLink);
      else setError(failure instanceof ApiError && failure.status < 500 && failure.message ? failure.message : AUTH_MESSAGES.passwordResetFailed);
      setBusy(false);
      errorFocus.reveal();
    }
  };

  // docs/product/accounts.md §4: the message, then /login after 3 s. The form goes away: nothing is left to submit.
  if (success) {
    return (
      <AuthCard title="Password changed" subtitle="Sign in with your new password.">
        <Alert tone="success">{success}</Alert>
        <p className="pc-auth__links">
          <Link to="/login" replace>
            Sign in now
          </Link>
        </p>
      </AuthCard>
    );
  }

  const invalid = link.status === 'invalid';
  return (
    <AuthCard title="Set a new password" subtitle="Choose a new password for your account.">
      {invalid && <Alert tone="error">{AUTH_MESSAGES.invalidResetLink}</Alert>}
      <form ref={errorFocus.ref} className="pc-auth__form" onSubmit={submit}>
        {error && <Alert tone="error">{error}</Alert>}
        <TextField
          label="New password"
          type="password"
          name="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          hint={REGISTRATION_MESSAGES.passwordHint}
          required
        />
        <TextField
          label="Confirm new password"
          type="password"
          name="confirmPassword"
          autoComplete="new-password"
          value={confirm}
          onChange={(event) => setConfirm(event.target.value)}
          required
        />
        <Button type="submit" size="lg" fullWidth busy={busy} busyText="Resetting..." disabled={invalid}>
          Reset password
        </Button>
      </form>
      <p className="pc-auth__links">
        {invalid ? <Link to="/forgot-password">Request a new reset link</Link> : null}
        {invalid ? ' · ' : null}
        <Link to="/login">Back to sign in</Link>
      </p>
    </AuthCard>
  );
}
