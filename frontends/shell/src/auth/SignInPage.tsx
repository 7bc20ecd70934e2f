import {
  AUTH_ENDPOINTS,
  AUTH_MESSAGES,
  MFA_ENDPOINTS,
  PRODUCT_NAME,
  SECURITY_KEY_MESSAGES,
  type AuthenticationCredential,
  type MfaFactorType,
} from '@paycadence/contracts';
import { Alert, ApiError, Button, NETWORK_ERROR_MESSAGE, TextField, useAuth, useFirstErrorFocus, type CallOptions } from '@paycadence/web-kit';
import { browserSupportsWebAuthn, browserSupportsWebAuthnAutofill, WebAuthnAbortService } from '@simplewebauthn/browser';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { AuthCard } from './AuthCard';
import { useReturnPath, useWithReturnPath } from './return-path';
import { ceremonyErrorText, getKeyAssertion } from './security-key';

/** Where a completed sign-in lands (docs/product/accounts.md §2). */
export const AFTER_SIGN_IN_PATH = '/dashboard';

type Step = { kind: 'credentials' } | { kind: 'code'; userId: string; mfaToken: string; factors: MfaFactorType[] };

/** What the page is waiting for; every button is held while one is. */
type Pending = 'password' | 'code' | 'key' | 'passkey';

const errorText = (error: unknown) => (error instanceof Error && error.message ? error.message : NETWORK_ERROR_MESSAGE);
/** A key ceremony fails at the server (its words: not registered, expired, too many tries) or in the browser. */
const keyErrorText = (error: unknown) => (error instanceof ApiError ? errorText(error) : ceremonyErrorText(error));

/**
 * Passkeys are offered where the browser can hold a WebAuthn ceremony. The build's copy of this page is rendered
 * on Node, without a browser to ask: it shows the button, as nearly every browser will, so the live page takes
 * the copy over without moving anything (an old browser loses the button then).
 */
const offersPasskeys = () => typeof window === 'undefined' || browserSupportsWebAuthn();

/**
 * The passkey calls ride on the HttpOnly ceremony cookie the options call sets (PASSKEY_CEREMONY_COOKIE): sent
 * with same-origin credentials and the CSRF header, as every cookie-authenticated call is (sessionCookie), so
 * the sign-in's answer also stores the session's refresh cookie even if the page is left meanwhile.
 */
const PASSKEY_CALL: CallOptions = { sessionCookie: true };

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
  const { user, loading, api, signIn, verifyMfa, establishSession } = useAuth();
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
  const [pending, setPending] = useState<Pending | null>(null);
  const busy = pending !== null;
  const errorFocus = useFirstErrorFocus<HTMLFormElement>();
  const [passkeys] = useState(offersPasskeys);
  // Each passkey ceremony the page starts takes the next number; an older one that is still waiting stands down.
  const ceremony = useRef(0);
  // The options calls go out one at a time, so the ceremony cookie the browser ends up with is the newest one's.
  const optionsCall = useRef<Promise<unknown>>(Promise.resolve());
  // Bumped to offer the passkeys in the e-mail field's autofill again once a ceremony has ended without a sign-in.
  const [autofillRound, setAutofillRound] = useState(0);
  const signedOut = !loading && !user;
  const onCredentials = step.kind === 'credentials';

  /** A passkey challenge, asked after any earlier one has been answered. */
  const askPasskeyOptions = () => {
    const asked = optionsCall.current.then(() => api.call(AUTH_ENDPOINTS.passkeyOptions, { body: {} }, PASSKEY_CALL));
    optionsCall.current = asked.catch(() => undefined);
    return asked;
  };

  /** The passkey proved both factors: the answer is a session, kept and followed as after the code step. */
  const finishPasskeySignIn = async (credential: AuthenticationCredential) => {
    const answer = await api.call(AUTH_ENDPOINTS.passkeySignIn, { body: { credential } }, PASSKEY_CALL);
    establishSession(answer);
    navigate(afterSignIn, { replace: true });
  };

  // Conditional mediation: where the browser can list passkeys in the e-mail field's autofill, a ceremony waits
  // there from the start and signs in once one is picked. Until then nothing about it may show: a browser
  // without it, a failed challenge or the ceremony's end (the page left, the button's ceremony replacing it)
  // all pass in silence. Only a passkey the person picked and the server then refused is worth an error.
  // The effect reads the newest of these through a ref: a new identity must not restart the ceremony.
  const autofill = useRef({ askPasskeyOptions, finishPasskeySignIn, reveal: errorFocus.reveal });
  autofill.current = { askPasskeyOptions, finishPasskeySignIn, reveal: errorFocus.reveal };
  useEffect(() => {
    if (!onCredentials || !signedOut) return;
    const mine = ++ceremony.current;
    let mounted = true;
    let waiting = false;
    const stillMine = () => mounted && ceremony.current === mine;
    void (async () => {
      let credential: AuthenticationCredential;
      try {
        if (!(await browserSupportsWebAuthnAutofill()) || !stillMine()) return;
        const { options } = await autofill.current.askPasskeyOptions();
        if (!stillMine()) return;
        waiting = true;
        credential = await getKeyAssertion(options, { autofill: true });
      } catch {
        return; // see above: the autofill path never shows an error of its own
      } finally {
        waiting = false;
      }
      if (!stillMine()) return;
      setError(null);
      setPending('passkey');
      try {
        await autofill.current.finishPasskeySignIn(credential);
      } catch (failure) {
        if (!stillMine()) return;
        setError(keyErrorText(failure));
        setPending(null);
        autofill.current.reveal();
        setAutofillRound((round) => round + 1);
      }
    })();
    return () => {
      mounted = false;
      // Leaving the page (or the credentials step) ends the ceremony still waiting in the autofill list; one
      // the button started since is that ceremony's own.
      if (waiting && ceremony.current === mine) WebAuthnAbortService.cancelCeremony();
    };
  }, [onCredentials, signedOut, autofillRound]);

  // An already signed-in visitor has nothing to do here (not while a sign-in of this screen is finishing).
  if (!loading && user && !busy) return <Navigate to={afterSignIn} replace />;

  const submitCredentials = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setPending('password');
    try {
      const result = await signIn(email.trim(), password);
      if (result.mfaRequired) {
        setStep({ kind: 'code', userId: result.userId, mfaToken: result.mfaToken, factors: result.factors });
        setInfo(AUTH_MESSAGES.mfaLoginPrompt); // docs/product/accounts.md §4: shown when the code step begins
        setPending(null);
        return;
      }
      navigate(afterSignIn, { replace: true });
    } catch (failure) {
      setError(errorText(failure)); // docs/product/accounts.md §8: the auth error message is shown
      setPending(null);
      errorFocus.reveal();
    }
  };

  // "Sign in with a passkey": the browser's own dialog lists the passkeys it has for this site.
  const signInWithPasskey = async () => {
    ceremony.current += 1; // the autofill ceremony stands down; the browser ends it when this one starts
    setError(null);
    setPending('passkey');
    try {
      const { options } = await askPasskeyOptions();
      const credential = await getKeyAssertion(options);
      await finishPasskeySignIn(credential);
    } catch (failure) {
      setError(keyErrorText(failure));
      setPending(null);
      errorFocus.reveal();
      setAutofillRound((round) => round + 1);
    }
  };

  const submitCode = async (event: FormEvent) => {
    event.preventDefault();
    if (step.kind !== 'code') return;
    setError(null);
    if (useBackupCode || !codeStepFactors(step.factors).hasApp) {
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
    setPending('code');
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
    setPending(null);
    errorFocus.reveal();
  };

  // The code step's "Use your security key": the challenge and the answer both carry the login's mfa_token, as
  // the code does.
  const verifyWithKey = async () => {
    if (step.kind !== 'code') return;
    setError(null);
    setPending('key');
    const challengeToken = { token: step.mfaToken };
    try {
      const { options } = await api.call(MFA_ENDPOINTS.keySignInOptions, { body: { userId: step.userId } }, challengeToken);
      const credential = await getKeyAssertion(options);
      const answer = await api.call(MFA_ENDPOINTS.verifyKey, { body: { userId: step.userId, credential } }, challengeToken);
      if (answer.valid && answer.user && answer.session) {
        establishSession({ user: answer.user, session: answer.session });
        navigate(afterSignIn, { replace: true });
        return;
      }
      setError(answer.message ?? SECURITY_KEY_MESSAGES.notVerified);
    } catch (failure) {
      setError(keyErrorText(failure));
    }
    setPending(null);
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
    const { hasApp, hasKey } = codeStepFactors(step.factors);
    const offerKey = hasKey && passkeys;
    const backupField = useBackupCode || !hasApp;
    const keyButton = (
      <Button variant={hasApp ? 'secondary' : 'primary'} size="lg" fullWidth onClick={() => void verifyWithKey()} busy={pending === 'key'} busyText="Waiting for your key..." disabled={busy}>
        {SECURITY_KEY_MESSAGES.useKey}
      </Button>
    );
    return (
      <AuthCard title="Two-Factor Authentication" subtitle={codeStepSubtitle(hasApp, hasKey)}>
        {info && <Alert tone="info">{info}</Alert>}
        <form ref={errorFocus.ref} className="pc-auth__form" onSubmit={submitCode} noValidate>
          {error && <Alert tone="error">{error}</Alert>}
          {offerKey && !hasApp && keyButton}
          {hasKey && !passkeys && <p className="pc-meta">{SECURITY_KEY_MESSAGES.unsupported}</p>}
          {backupField ? (
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
              autoFocus={hasApp}
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
          <Button type="submit" variant={hasApp ? 'primary' : 'secondary'} size="lg" fullWidth busy={pending === 'code'} busyText="Verifying..." disabled={busy}>
            Verify Code
          </Button>
          {offerKey && hasApp && keyButton}
          {hasApp && (
            <Button variant="ghost" fullWidth onClick={toggleBackupCode} disabled={busy}>
              {useBackupCode ? 'Use your authenticator app instead' : 'Use a backup code instead'}
            </Button>
          )}
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
          // "webauthn" lets the browser list this site's passkeys in the field's autofill (conditional mediation).
          autoComplete="username webauthn"
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
        <Button type="submit" size="lg" fullWidth busy={pending === 'password'} busyText="Signing in..." disabled={busy}>
          Sign in
        </Button>
      </form>
      {passkeys && (
        <div className="pc-auth__alternative">
          <p className="pc-auth__divider">
            <span>or</span>
          </p>
          <Button variant="secondary" size="lg" fullWidth onClick={() => void signInWithPasskey()} busy={pending === 'passkey'} busyText="Waiting for your passkey..." disabled={busy}>
            {SECURITY_KEY_MESSAGES.signInWithPasskey}
          </Button>
        </div>
      )}
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

/** What the code step can offer: a second step without a key is the app's, whatever else the answer lists. */
function codeStepFactors(factors: readonly MfaFactorType[]): { hasApp: boolean; hasKey: boolean } {
  const hasKey = factors.includes('webauthn');
  return { hasKey, hasApp: factors.includes('totp') || !hasKey };
}

/** The code step's subtitle names what the account can answer with. */
function codeStepSubtitle(hasApp: boolean, hasKey: boolean): string {
  if (hasApp && hasKey) return 'Enter the current code from your authenticator app, or use your security key.';
  if (hasKey) return 'Use your security key, or enter one of your backup codes.';
  return 'Open your authenticator app and enter the current code.';
}
