import { AUTH_ENDPOINTS, AUTH_MESSAGES } from '@paycadence/contracts';
import { Alert, ApiError, Button, NETWORK_ERROR_MESSAGE, TextField, useApi, useFirstErrorFocus } from '@paycadence/web-kit';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { AuthCard } from './AuthCard';

type Outcome = { tone: 'success' | 'error'; text: string } | null;

/** /forgot-password (docs/product/accounts.md §2, §4, §8): idle -> sending -> success (green) or error (red). */
export function ForgotPasswordPage() {
  const api = useApi();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const errorFocus = useFirstErrorFocus<HTMLFormElement>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    setBusy(true);
    try {
      const answer = await api.call(AUTH_ENDPOINTS.forgotPassword, { body: { email: email.trim() } });
      setOutcome({ tone: 'success', text: answer.message || AUTH_MESSAGES.forgotPasswordSent });
    } catch (failure) {
      const text =
        failure instanceof ApiError && failure.status === 0
          ? NETWORK_ERROR_MESSAGE
          : failure instanceof ApiError && failure.status < 500 && failure.message
            ? failure.message
            : AUTH_MESSAGES.forgotPasswordFailed;
      setOutcome({ tone: 'error', text });
      errorFocus.reveal();
    }
    setBusy(false);
  };

  return (
    <AuthCard title="Reset your password" subtitle="Enter the e-mail you signed up with and we will send you a link to set a new password.">
      <form ref={errorFocus.ref} className="pc-auth__form" onSubmit={submit}>
        {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          required
        />
        <Button type="submit" size="lg" fullWidth busy={busy} busyText="Sending...">
          Send reset link
        </Button>
      </form>
      <p className="pc-auth__links">
        <Link to="/login">Back to sign in</Link>
      </p>
    </AuthCard>
  );
}
