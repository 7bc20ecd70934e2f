import { MFA_ACCEPT_PAST_SECONDS, MFA_ENDPOINTS, MFA_PERIOD_SECONDS, SECURITY_KEY_LIMITS, SECURITY_KEY_MESSAGES, type MfaFactorView } from '@paycadence/contracts';
import { Alert, ApiError, Badge, Button, Card, formatDate, Modal, Spinner, TextField, useAuth, useFirstErrorFocus } from '@paycadence/web-kit';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { useCallback, useEffect, useReducer, useState, type FormEvent } from 'react';
import { BackupCodes } from './BackupCodes';
import {
  DISABLE_CODE_MAX_LENGTH,
  MFA_KEY_STEPS,
  MFA_PANEL_MESSAGES,
  MFA_STEP_LABELS,
  MFA_STEPS,
  secondFactorSummary,
  secondsUntilRotation,
  type MfaStep,
} from './mfa-panel-messages';
import { ceremonyErrorText, createKeyCredential, getKeyAssertion } from './security-key';
import { disableProblem, factorsOf, initialTwoFactorState, keyProblem, sendProblem, twoFactorReducer, type TwoFactorFailure } from './two-factor-machine';

/** No answer, or the gateway/service down: the backend is unavailable (docs/product/accounts.md §2 instruction box). */
const isUnavailable = (error: unknown) => !(error instanceof ApiError) || error.status === 0 || error.status >= 502;
const serverError = (error: unknown) => (error instanceof ApiError && error.status < 500 && error.message ? error.message : null);
const failureOf = (error: unknown): TwoFactorFailure => ({ unavailable: isUnavailable(error), serverMessage: serverError(error) });
/** A key flow fails at the server (its words) or in the browser's ceremony (cancelled, not supported, ...). */
const keyFailureOf = (error: unknown): TwoFactorFailure =>
  error instanceof ApiError ? failureOf(error) : { unavailable: false, serverMessage: ceremonyErrorText(error) };

const REMOVE_PASSWORD_ID = 'mfa-remove-password';
const KEYS_TITLE_ID = 'mfa-keys-title';

type MethodId = 'totp' | 'key' | 'sms';
interface Method {
  id: MethodId;
  label: string;
  description: string;
  available: boolean;
  /** Shown when the method is not offered yet (not when this browser cannot use it). */
  comingSoon: boolean;
}

/** The methods offered; keys only where the browser can hold a WebAuthn ceremony. */
const methodsFor = (webAuthn: boolean): Method[] => [
  { id: 'totp', label: 'Authenticator app', description: 'Google Authenticator, 1Password, Authy or any TOTP app.', available: true, comingSoon: false },
  {
    id: 'key',
    label: SECURITY_KEY_MESSAGES.methodLabel,
    description: webAuthn ? SECURITY_KEY_MESSAGES.methodDescription : SECURITY_KEY_MESSAGES.unsupported,
    available: webAuthn,
    comingSoon: false,
  },
  { id: 'sms', label: 'Text message (SMS)', description: 'A code sent to your phone.', available: false, comingSoon: true },
];

function Countdown() {
  const [seconds, setSeconds] = useState(() => secondsUntilRotation(Date.now(), MFA_PERIOD_SECONDS));
  useEffect(() => {
    const timer = setInterval(() => setSeconds(secondsUntilRotation(Date.now(), MFA_PERIOD_SECONDS)), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <p className="pc-mfa__countdown" aria-live="off">
      Codes change every {MFA_PERIOD_SECONDS} seconds. Current code changes in <strong className="pc-tabular">{seconds}s</strong>.
    </p>
  );
}

function BackendInstructions() {
  return (
    <div className="pc-callout pc-callout--yellow" role="note">
      <p className="pc-callout__title">A backend server is required</p>
      <p>Two-factor setup talks to the PayCadence auth service. Start the whole app with <code>npm start</code> (or the auth service and the gateway), then reload this page.</p>
    </div>
  );
}

/** One key of the complete view's list: its name, when it was added and last used, and Remove. */
function KeyRow({ factor, disabled, onRemove }: { factor: MfaFactorView; disabled: boolean; onRemove: () => void }) {
  const lastUsed = factor.last_used_at ? `Last used ${formatDate(factor.last_used_at)}` : 'Never used';
  return (
    <li className="pc-mfa__factor">
      <span className="pc-mfa__factor-text">
        <span className="pc-mfa__factor-name">{factor.friendly_name}</span>
        <span className="pc-mfa__factor-dates pc-meta">
          {factor.created_at && <span>{`Added ${formatDate(factor.created_at)}`}</span>}
          <span>{lastUsed}</span>
        </span>
      </span>
      <Button size="sm" variant="secondary" aria-label={`Remove ${factor.friendly_name}`} disabled={disabled} onClick={onRemove}>
        Remove
      </Button>
    </li>
  );
}

/**
 * The two-factor setup panel (docs/product/accounts.md §2, §4, §8): check → method → setup → verify → complete for
 * the authenticator app, check → method → key → complete for a security key or passkey. The complete view lists
 * what the account has, adds and removes keys, and turns two-factor off with a code or a key.
 */
export function TwoFactorPanel() {
  const { user, api, updateUser, refreshSession } = useAuth();
  const [state, dispatch] = useReducer(twoFactorReducer, initialTwoFactorState);
  const { step, path, enabled, factors, qrCode, manualKey, backupCodes, code, disableCode, password, passwordError, error, success, unavailable, busy, confirmRegenerate } =
    state;
  const { keyName, keyNameError, removing, removePassword, removePasswordError } = state;
  const errorFocus = useFirstErrorFocus<HTMLDivElement>();
  // Whether this browser can hold a WebAuthn ceremony does not change while the page is open.
  const [webAuthn] = useState(browserSupportsWebAuthn);

  const userId = user?.id;
  const check = useCallback(async () => {
    if (!userId) return;
    dispatch({ type: 'checkStarted' });
    try {
      const status = await api.call(MFA_ENDPOINTS.status, { params: { userId } });
      dispatch({ type: 'statusLoaded', enabled: status.enabled, factors: status.factors });
    } catch {
      dispatch({ type: 'statusFailed' });
    }
  }, [userId, api]);

  /** The list again after a change, without the spinner. */
  const refreshStatus = useCallback(async () => {
    if (!userId) return;
    try {
      const status = await api.call(MFA_ENDPOINTS.status, { params: { userId } });
      dispatch({ type: 'statusRefreshed', factors: status.factors });
    } catch {
      // The change itself went through and was confirmed; the list catches up on the next visit.
    }
  }, [userId, api]);

  useEffect(() => {
    void check();
  }, [check]);

  // The removal dialog asks for one thing, so its password field takes the focus (the kit's dialog gives it to
  // Close). This effect runs after the dialog's own, which is a child's.
  const removingId = removing?.id;
  useEffect(() => {
    if (removingId) document.getElementById(REMOVE_PASSWORD_ID)?.focus();
  }, [removingId]);

  if (!user) return <Alert tone="error">{MFA_PANEL_MESSAGES.signInFirst}</Alert>;

  const startSetup = async () => {
    dispatch({ type: 'setupStarted' });
    try {
      const answer = await api.call(MFA_ENDPOINTS.setup, { body: { userId: user.id, userEmail: user.email } });
      dispatch({ type: 'setupLoaded', qrCode: answer.qrCode, manualKey: answer.manualEntryKey });
    } catch (failure) {
      dispatch({ type: 'setupFailed', unavailable: isUnavailable(failure) });
    }
  };

  const enable = async (event: FormEvent) => {
    event.preventDefault();
    const problem = sendProblem(code, password);
    dispatch({ type: 'submitted', form: 'enable' });
    if (problem) return errorFocus.reveal();
    try {
      const answer = await api.call(MFA_ENDPOINTS.enable, { body: { userId: user.id, token: code, password } });
      dispatch({ type: 'enableSucceeded', backupCodes: answer.codes ?? [] });
      updateUser({ ...user, mfa_enabled: true });
      // The server raised this session to aal2 (the code proved the second factor); a refresh picks it up, so
      // "Generate new backup codes" (which needs aal2) works right away.
      if (answer.aal === 'aal2') await refreshSession();
      await refreshStatus();
      dispatch({ type: 'enableFinished' });
    } catch (failure) {
      dispatch({ type: 'enableFailed', ...failureOf(failure) });
      errorFocus.reveal();
    }
  };

  const addKey = async (event: FormEvent) => {
    event.preventDefault();
    const problem = keyProblem(keyName, password);
    dispatch({ type: 'keySubmitted' });
    if (problem) return errorFocus.reveal();
    try {
      const { options } = await api.call(MFA_ENDPOINTS.keyRegistrationOptions, { body: { userId: user.id } });
      const credential = await createKeyCredential(options);
      const answer = await api.call(MFA_ENDPOINTS.addKey, { body: { userId: user.id, name: keyName.trim(), password, credential } });
      dispatch({ type: 'keyAdded', backupCodes: answer.codes ?? [] });
      if (!user.mfa_enabled) updateUser({ ...user, mfa_enabled: true });
      // As enable: the key proved the second factor, and new backup codes need the raised session.
      if (answer.aal === 'aal2') await refreshSession();
      await refreshStatus();
      dispatch({ type: 'keyFinished' });
    } catch (failure) {
      dispatch({ type: 'keyFailed', ...keyFailureOf(failure) });
      errorFocus.reveal();
    }
  };

  const removeKey = async (event: FormEvent) => {
    event.preventDefault();
    if (!removing) return;
    dispatch({ type: 'removeSubmitted' });
    if (!removePassword) return errorFocus.reveal();
    try {
      await api.call(MFA_ENDPOINTS.removeKey, { params: { id: removing.id }, body: { userId: user.id, password: removePassword } });
      dispatch({ type: 'keyRemoved', id: removing.id });
      await refreshStatus();
    } catch (failure) {
      dispatch({ type: 'removeFailed', ...failureOf(failure) });
      errorFocus.reveal();
    }
  };

  const disable = async (event: FormEvent) => {
    event.preventDefault();
    const problem = disableProblem(disableCode, password);
    dispatch({ type: 'submitted', form: 'disable' });
    if (problem) return errorFocus.reveal();
    try {
      await api.call(MFA_ENDPOINTS.disable, { body: { userId: user.id, token: disableCode.trim(), password } });
      dispatch({ type: 'disableSucceeded' });
      updateUser({ ...user, mfa_enabled: false });
    } catch (failure) {
      dispatch({ type: 'disableFailed', ...failureOf(failure) });
      errorFocus.reveal();
    }
  };

  const disableWithKey = async () => {
    dispatch({ type: 'disableWithKeyStarted' });
    if (!password) return errorFocus.reveal();
    try {
      const { options } = await api.call(MFA_ENDPOINTS.keyAssertionOptions, { body: { userId: user.id } });
      const credential = await getKeyAssertion(options);
      await api.call(MFA_ENDPOINTS.disable, { body: { userId: user.id, password, credential } });
      dispatch({ type: 'disableSucceeded' });
      updateUser({ ...user, mfa_enabled: false });
    } catch (failure) {
      dispatch({ type: 'disableFailed', ...keyFailureOf(failure) });
      errorFocus.reveal();
    }
  };

  const newBackupCodes = async () => {
    dispatch({ type: 'backupCodesRequested' });
    try {
      const answer = await api.call(MFA_ENDPOINTS.backupCodes, { params: { userId: user.id } });
      dispatch({ type: 'backupCodesLoaded', codes: answer.codes });
    } catch (failure) {
      dispatch({ type: 'backupCodesFailed', serverMessage: serverError(failure) });
    }
  };

  const choose = (method: MethodId) => (method === 'key' ? dispatch({ type: 'keyChosen' }) : void startSetup());
  const setPassword = (value: string) => dispatch({ type: 'passwordTyped', value });
  const cancelStep = () => dispatch({ type: 'stepCancelled' });
  const cancelRemove = () => dispatch({ type: 'removeCancelled' });
  const steps: readonly MfaStep[] = path === 'key' ? MFA_KEY_STEPS : MFA_STEPS;
  const stepIndex = steps.indexOf(step);
  const listed = factorsOf(factors);
  const keys = listed.keys;
  // Two-factor on without a key means the app, even when the status lists no factors.
  const appOn = listed.appOn || keys.length === 0;

  return (
    <Card ref={errorFocus.ref} className="pc-mfa" aria-labelledby="mfa-title">
      <div className="pc-mfa__head">
        <h2 id="mfa-title" className="pc-card__title">
          Two-factor authentication
        </h2>
        {step !== 'check' && (enabled ? <Badge tone="success">Enabled</Badge> : <Badge>Not enabled</Badge>)}
      </div>
      <ol className="pc-mfa__steps" aria-label="Setup progress">
        {steps.map((name, index) => (
          <li key={name} className={index < stepIndex ? 'is-done' : index === stepIndex ? 'is-current' : undefined} aria-current={index === stepIndex ? 'step' : undefined}>
            {MFA_STEP_LABELS[name]}
          </li>
        ))}
      </ol>

      {error && <Alert tone="error">{error}</Alert>}
      {success && !error && <Alert tone="success">{success}</Alert>}
      {unavailable && <BackendInstructions />}

      {step === 'check' && <Spinner label="Checking two-factor status..." />}

      {step === 'method' && (
        <div className="pc-mfa__body">
          <p>Add a second step to signing in: after your password, a code from your phone or your security key.</p>
          <ul className="pc-mfa__methods">
            {methodsFor(webAuthn).map((method) => (
              <li key={method.id}>
                <button
                  type="button"
                  className="pc-mfa__method"
                  disabled={!method.available || busy}
                  aria-disabled={!method.available || undefined}
                  onClick={method.available ? () => choose(method.id) : undefined}
                >
                  <span className="pc-mfa__method-label">
                    {method.label} {method.comingSoon && <Badge tone="warning">Coming Soon</Badge>}
                  </span>
                  <span className="pc-meta">{method.description}</span>
                </button>
              </li>
            ))}
          </ul>
          {busy && <Spinner inline label="Preparing your QR code..." />}
        </div>
      )}

      {step === 'setup' && (
        <div className="pc-mfa__body">
          {qrCode && manualKey ? (
            <>
              <p>Scan this QR code with your authenticator app, or type the key by hand.</p>
              <div className="pc-mfa__setup">
                <img src={qrCode} alt="QR code for your authenticator app" width={180} height={180} className="pc-mfa__qr" />
                <div>
                  <p className="pc-field__label">Manual entry key</p>
                  <code className="pc-mfa__key" data-testid="manual-entry-key">
                    {manualKey}
                  </code>
                  <Countdown />
                  <p className="pc-meta">Previous codes are accepted for {MFA_ACCEPT_PAST_SECONDS / 60} minutes, so a code that just changed still works.</p>
                </div>
              </div>
              <div className="pc-mfa__actions">
                <Button onClick={() => dispatch({ type: 'continued' })}>Continue</Button>
                <Button variant="ghost" onClick={cancelStep}>
                  Back
                </Button>
              </div>
            </>
          ) : (
            <>
              <p>Use an authenticator app to get a new code every {MFA_PERIOD_SECONDS} seconds.</p>
              <div className="pc-mfa__actions">
                <Button onClick={() => void startSetup()} busy={busy} busyText="Preparing...">
                  Set up authenticator app
                </Button>
                <Button variant="ghost" onClick={cancelStep} disabled={busy}>
                  {enabled ? 'Back' : 'Choose another method'}
                </Button>
              </div>
            </>
          )}
        </div>
      )}

      {step === 'verify' && (
        <form className="pc-mfa__body pc-auth__form" onSubmit={enable} noValidate>
          <p>Enter the 6-digit code your authenticator app shows now.</p>
          <TextField
            label="Verification code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder="000000"
            className="pc-auth__code"
            value={code}
            onChange={(event) => dispatch({ type: 'codeTyped', value: event.target.value })}
          />
          <Countdown />
          <CurrentPasswordField value={password} onChange={setPassword} error={passwordError} />
          <div className="pc-mfa__actions">
            <Button type="submit" busy={busy} busyText="Verifying...">
              Verify and enable
            </Button>
            <Button variant="ghost" onClick={() => dispatch({ type: 'wentBack' })} disabled={busy}>
              Back
            </Button>
          </div>
        </form>
      )}

      {step === 'key' && (
        <form className="pc-mfa__body pc-auth__form" onSubmit={addKey} noValidate>
          <p>
            Give the key a name you will recognise. When you add it, your browser asks you to touch the key, or to unlock this phone or computer with your
            fingerprint, face or PIN.
          </p>
          <TextField
            label="Key name"
            name="security-key-name"
            autoComplete="off"
            maxLength={SECURITY_KEY_LIMITS.nameMax}
            placeholder="e.g. YubiKey or Work laptop"
            value={keyName}
            onChange={(event) => dispatch({ type: 'keyNameTyped', value: event.target.value })}
            error={keyNameError}
          />
          <CurrentPasswordField value={password} onChange={setPassword} error={passwordError} />
          <div className="pc-mfa__actions">
            <Button type="submit" busy={busy} busyText="Waiting for your key...">
              Add security key
            </Button>
            <Button variant="ghost" onClick={cancelStep} disabled={busy}>
              Back
            </Button>
          </div>
        </form>
      )}

      {step === 'complete' && (
        <div className="pc-mfa__body">
          <p>{secondFactorSummary(appOn, keys.length)}</p>
          {backupCodes.length > 0 && <BackupCodes codes={backupCodes} email={user.email} />}
          <p className="pc-mfa__factor-app">
            <span className="pc-mfa__factor-name">Authenticator app</span> {appOn ? <Badge tone="success">On</Badge> : <Badge>Not set up</Badge>}
          </p>
          <section className="pc-mfa__section" aria-labelledby={KEYS_TITLE_ID}>
            <h3 id={KEYS_TITLE_ID} className="pc-mfa__section-title">
              Security keys and passkeys
            </h3>
            {keys.length > 0 ? (
              <ul className="pc-mfa__factors" aria-labelledby={KEYS_TITLE_ID}>
                {keys.map((factor) => (
                  <KeyRow key={factor.id} factor={factor} disabled={busy} onRemove={() => dispatch({ type: 'removeAsked', factor })} />
                ))}
              </ul>
            ) : (
              <p className="pc-meta">No security keys or passkeys yet.</p>
            )}
            {!webAuthn && <p className="pc-meta">{SECURITY_KEY_MESSAGES.unsupported}</p>}
          </section>
          {(webAuthn || !appOn) && (
            <div className="pc-mfa__actions">
              {webAuthn && (
                <Button variant="secondary" onClick={() => dispatch({ type: 'keyChosen' })} disabled={busy}>
                  Add a security key
                </Button>
              )}
              {!appOn && (
                <Button variant="secondary" onClick={() => void startSetup()} disabled={busy}>
                  Set up authenticator app
                </Button>
              )}
            </div>
          )}
          <Button variant="secondary" onClick={() => dispatch({ type: 'regenerateAsked' })} disabled={busy}>
            Generate new backup codes
          </Button>
          <Modal
            open={confirmRegenerate}
            title="Replace your backup codes?"
            onClose={() => dispatch({ type: 'regenerateCancelled' })}
            footer={
              <>
                <Button variant="ghost" onClick={() => dispatch({ type: 'regenerateCancelled' })}>
                  Keep my current codes
                </Button>
                <Button variant="danger" onClick={() => void newBackupCodes()}>
                  Replace codes
                </Button>
              </>
            }
          >
            <p>New codes replace all of your current ones: the old codes stop working at once, including any you have printed or saved.</p>
          </Modal>
          <Modal
            open={removing !== null}
            title={`Remove ${removing?.friendly_name ?? 'this key'}?`}
            onClose={cancelRemove}
            footer={
              <>
                <Button variant="ghost" onClick={cancelRemove} disabled={busy}>
                  Keep this key
                </Button>
                <Button type="submit" form="mfa-remove-form" variant="danger" busy={busy} busyText="Removing...">
                  Remove key
                </Button>
              </>
            }
          >
            <form id="mfa-remove-form" className="pc-auth__form" onSubmit={removeKey} noValidate>
              <p>The key will no longer work for signing in to your account.</p>
              <TextField
                id={REMOVE_PASSWORD_ID}
                label="Current password"
                type="password"
                name="current-password"
                autoComplete="current-password"
                hint="Changing two-factor sign-in needs your password again."
                value={removePassword}
                onChange={(event) => dispatch({ type: 'removePasswordTyped', value: event.target.value })}
                error={removePasswordError}
              />
            </form>
          </Modal>
          <form className="pc-mfa__disable pc-auth__form" onSubmit={disable} noValidate>
            <p className="pc-field__label">Turn off two-factor authentication</p>
            <TextField
              label={appOn ? 'Current code from your app or a backup code' : 'Backup code'}
              name="mfa-code"
              autoComplete="one-time-code"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={DISABLE_CODE_MAX_LENGTH}
              placeholder={appOn ? '000000' : 'XXXXX-XXXXX'}
              value={disableCode}
              onChange={(event) => dispatch({ type: 'disableCodeTyped', value: event.target.value })}
            />
            <CurrentPasswordField value={password} onChange={setPassword} error={passwordError} />
            <div className="pc-mfa__actions">
              <Button type="submit" variant="danger" busy={busy} busyText="Disabling...">
                Disable two-factor authentication
              </Button>
              {webAuthn && keys.length > 0 && (
                <Button variant="secondary" onClick={() => void disableWithKey()} disabled={busy}>
                  {SECURITY_KEY_MESSAGES.useKey}
                </Button>
              )}
            </div>
            {webAuthn && keys.length > 0 && <p className="pc-meta">With your security key, no code is needed: enter your password and use the key.</p>}
          </form>
        </div>
      )}
    </Card>
  );
}

/** Turning two-factor on or off asks for the password again: one field for both steps. */
function CurrentPasswordField({ value, onChange, error }: { value: string; onChange: (value: string) => void; error: string | null }) {
  return (
    <TextField
      label="Current password"
      type="password"
      name="current-password"
      autoComplete="current-password"
      hint="Changing two-factor sign-in needs your password again."
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
    />
  );
}
