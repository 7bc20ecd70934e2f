import { AUTH_MESSAGES, PRODUCT_NAME } from '@paycadence/contracts';
import { Alert, Button, NETWORK_ERROR_MESSAGE, TextField, useAuth, useFirstErrorFocus } from '@paycadence/web-kit';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { AuthCard } from './AuthCard';
import { useReturnPath, useWithReturnPath } from './return-path';

/** Where a completed sign-in lands (docs/product/accounts.md §2). */
export const AFTER_SIGN_IN_PATH = '/dashboard';

type Step = { kind: 'credentials' } | { kind: 'code'; userId: string; mfaToken: string };

const errorText = (error: unknown) => (error instanceof Error && error.message ? error.message : NETWORK_ERROR_MESSAGE);

/** A backup code as shown in settings (`XXXXX-XXXXX`); case and the dash do not matter to the server. */
const BACKUP_CODE_PATTERN = /^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/;
const BACKUP_CODE_MAX_LENGTH = 11;
export const BACKUP_CODE_FORMAT_MESSAGE = 'Please enter a backup code like XXXXX-XXXXX.';

/**
 * Refusals of the code step that are not a wrong code: too many attempts (429) and an expired or spent
 * challenge. The server's own message says what to do; anything else reads as a wrong code (docs/product/accounts.md §8).
 */
const CODE_STEP_SERVER_MESSAGES: readonly string[] = [AUTH_MESSAGES.tooManyAttempts, AUTH_MESSAGES.sessionExpired, AUTH_MESSAGES.suspended];
// A 429 is shown in the server's words whatever they are: the per-account slowing names its own wait.
const codeRefusalText = (message: string | undefined, status?: number) =>
  message && (status === 429 || CODE_STEP_SERVER_MESSAGES.includes(message)) ? message : AUTH_MESSAGES.invalidCode;

/**
 * /login, /admin-login, /admin, /dev-login (docs/product/accounts.md §2, §4, §8): email and password, then, when the account
 * has two-factor authentication, a second step asking for the 6-digit code (or one of the backup codes).
 */
export interface SignInPageProps {
  /** Where a successful sign-in goes (default AFTER_SIGN_IN_PATH; a safe `?next=` path wins); /admin stays on /admin. */
  afterSignIn?: string;
}

export function SignInPage({ afterSignIn: defaultAfterSignIn = AFTER_SIGN_IN_PATH }: SignInPageProps = {}) {
  const afterSignIn = useReturnPath(defaultAfterSignIn);
  const registerPath = useWithReturnPath('/register');
  const { user, loading, signIn, verifyMfa } = useAuth();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>({ kind: 'credentials' });
  const location = useLocation();
  // 'Sign in instead' on the registration screen brings the e-mail already typed there.
  const [email, setEmail] = useState(() => (location.state as { email?: string } | null)?.email ?? '');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [useBackupCode, setUseBackupCode] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errorFocus = useFirstErrorFocus<HTMLFormElement>();

  // An already signed-in visitor has nothing to do here (not while a sign-in of this screen is finishing).
  if (!loading && user && !busy) return <Navigate to={afterSignIn} replace />;

  const submitCredentials = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      const result = await signIn(email.trim(), password);
      if (result.mfaRequired) {
        setStep({ kind: 'code', userId: result.userId, mfaToken: result.mfaToken });
        setInfo(AUTH_MESSAGES.mfaLoginPrompt); // docs/product/accounts.md §4: shown when the code step begins
        setBusy(false);
        return;
      }
      navigate(afterSignIn, { replace: true });
    } catch (failure) {
      setError(errorText(failure)); // docs/product/accounts.md §8: the auth error message is shown
      setBusy(false);
      errorFocus.reveal();
    }
  };

  const submitCode = async (event: FormEvent) => {
    event.preventDefault();
    if (step.kind !== 'code') return;
    setError(null);
    if (useBackupCode) {
      if (!BACKUP_CODE_PATTERN.test(code)) {
        setError(BACKUP_CODE_FORMAT_MESSAGE);
        errorFocus.reveal();
        return;
      }
    } else if (!/^\d{6}$/.test(code)) {
      // docs/product/accounts.md §5: digits only, exactly 6.
      setError(AUTH_MESSAGES.mfaCodeFormat);
      errorFocus.reveal();
      return;
    }
    setBusy(true);
    try {
      const result = await verifyMfa(step.userId, code, step.mfaToken);
      if (result.valid) {
        navigate(afterSignIn, { replace: true });
        return;
      }
      setError(codeRefusalText(result.message, result.status));
      setCode(''); // docs/product/accounts.md §8: the code is cleared
    } catch {
      setError(AUTH_MESSAGES.mfaVerifyFailed); // docs/product/accounts.md §8: no usable answer
    }
    setBusy(false);
    errorFocus.reveal();
  };

  // docs/product/accounts.md §4: Back to Login clears the code, the message and the stored user id.
  const backToLogin = () => {
    setStep({ kind: 'credentials' });
    setCode('');
    setUseBackupCode(false);
    setError(null);
    setInfo(null);
  };

  // Lost phone: one of the backup codes from settings works in place of the app's code.
  const toggleBackupCode = () => {
    setUseBackupCode((current) => !current);
    setCode('');
    setError(null);
  };

  if (step.kind === 'code') {
    return (
      <AuthCard title="Two-Factor Authentication" subtitle="Open your authenticator app and enter the current code.">
        {info && <Alert tone="info">{info}</Alert>}
        <form ref={errorFocus.ref} className="pc-auth__form" onSubmit={submitCode} noValidate>
          {error && <Alert tone="error">{error}</Alert>}
          {useBackupCode ? (
            <TextField
              key="backup"
              label="Backup code"
              name="backup-code"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={BACKUP_CODE_MAX_LENGTH}
              placeholder="XXXXX-XXXXX"
              className="pc-auth__code"
              value={code}
              onChange={(event) => setCode(event.target.value.replace(/[^A-Za-z0-9-]/g, '').slice(0, BACKUP_CODE_MAX_LENGTH))}
              autoFocus
              required
            />
          ) : (
            <TextField
              key="totp"
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
          )}
          <Button type="submit" size="lg" fullWidth busy={busy} busyText="Verifying...">
            Verify Code
          </Button>
          <Button variant="ghost" fullWidth onClick={toggleBackupCode} disabled={busy}>
            {useBackupCode ? 'Use your authenticator app instead' : 'Use a backup code instead'}
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
      <form ref={errorFocus.ref} className="pc-auth__form" onSubmit={submitCredentials}>
        {error && <Alert tone="error">{error}</Alert>}
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
          New to {PRODUCT_NAME}? <Link to={registerPath}>Create a new account</Link>
        </p>
        <p>
          Just looking? <Link to="/demo">Try the demo</Link>
        </p>
      </div>
    </AuthCard>
  );
}
