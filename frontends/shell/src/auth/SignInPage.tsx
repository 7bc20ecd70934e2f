import { AUTH_MESSAGES, PRODUCT_NAME } from '@payday/contracts';
import { Alert, Button, NETWORK_ERROR_MESSAGE, TextField, useAuth } from '@payday/web-kit';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { AuthCard } from './AuthCard';

/** Where a completed sign-in lands (spec part 1 §2). */
export const AFTER_SIGN_IN_PATH = '/dashboard';

type Step = { kind: 'credentials' } | { kind: 'code'; userId: string; mfaToken: string };

const errorText = (error: unknown) => (error instanceof Error && error.message ? error.message : NETWORK_ERROR_MESSAGE);

/**
 * /login, /admin-login, /admin, /dev-login (spec part 1 §2, §4, §8): email and password, then, when the account
 * has two-factor authentication, a second step asking for the 6-digit code.
 */
export function SignInPage() {
  const { user, loading, signIn, verifyMfa } = useAuth();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>({ kind: 'credentials' });
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // An already signed-in visitor has nothing to do here (not while a sign-in of this screen is finishing).
  if (!loading && user && !busy) return <Navigate to={AFTER_SIGN_IN_PATH} replace />;

  const submitCredentials = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      const result = await signIn(email.trim(), password);
      if (result.mfaRequired) {
        setStep({ kind: 'code', userId: result.userId, mfaToken: result.mfaToken });
        setInfo(AUTH_MESSAGES.mfaLoginPrompt); // spec part 1 §4: shown when the code step begins
        setBusy(false);
        return;
      }
      navigate(AFTER_SIGN_IN_PATH, { replace: true });
    } catch (failure) {
      setError(errorText(failure)); // spec part 1 §8: the auth error message is shown
      setBusy(false);
    }
  };

  const submitCode = async (event: FormEvent) => {
    event.preventDefault();
    if (step.kind !== 'code') return;
    setError(null);
    // spec part 1 §5: digits only, exactly 6.
    if (!/^\d{6}$/.test(code)) {
      setError(AUTH_MESSAGES.mfaCodeFormat);
      return;
    }
    setBusy(true);
    try {
      const result = await verifyMfa(step.userId, code, step.mfaToken);
      if (result.valid) {
        navigate(AFTER_SIGN_IN_PATH, { replace: true });
        return;
      }
      setError(AUTH_MESSAGES.invalidCode);
      setCode(''); // spec part 1 §8: the code is cleared
    } catch {
      setError(AUTH_MESSAGES.mfaVerifyFailed); // spec part 1 §8: no usable answer
    }
    setBusy(false);
  };

  // spec part 1 §4: Back to Login clears the code, the message and the stored user id.
  const backToLogin = () => {
    setStep({ kind: 'credentials' });
    setCode('');
    setError(null);
    setInfo(null);
  };

  if (step.kind === 'code') {
    return (
      <AuthCard title="Two-Factor Authentication" subtitle="Open your authenticator app and enter the current code.">
        {info && <Alert tone="info">{info}</Alert>}
        {error && <Alert tone="error">{error}</Alert>}
        <form className="pc-auth__form" onSubmit={submitCode} noValidate>
          <TextField
            label="Verification code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder="000000"
            className="pc-auth__code"
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
            autoFocus
            required
          />
          <Button type="submit" size="lg" fullWidth busy={busy} busyText="Verifying...">
            Verify Code
          </Button>
          <Button variant="ghost" fullWidth onClick={backToLogin} disabled={busy}>
            Back to Login
          </Button>
        </form>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Sign in" subtitle={`Welcome back to ${PRODUCT_NAME}.`}>
      {error && <Alert tone="error">{error}</Alert>}
      <form className="pc-auth__form" onSubmit={submitCredentials}>
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          required
        />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          required
        />
        <div className="pc-auth__row-end">
          <Link to="/forgot-password">Forgot your password?</Link>
        </div>
        <Button type="submit" size="lg" fullWidth busy={busy} busyText="Signing in...">
          Sign in
        </Button>
      </form>
      <div className="pc-auth__links">
        <p>
          New to {PRODUCT_NAME}? <Link to="/register">Create a new account</Link>
        </p>
        <p>
          Just looking? <Link to="/demo">Try the demo</Link>
        </p>
      </div>
    </AuthCard>
  );
}
