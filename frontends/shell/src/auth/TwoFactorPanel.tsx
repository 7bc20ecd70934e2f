import { MFA_ACCEPT_PAST_SECONDS, MFA_ENDPOINTS, MFA_PERIOD_SECONDS } from '@paycadence/contracts';
import { Alert, ApiError, Badge, Button, Card, Modal, Spinner, TextField, useAuth, useFirstErrorFocus } from '@paycadence/web-kit';
import { useCallback, useEffect, useReducer, useState, type FormEvent } from 'react';
import { BackupCodes } from './BackupCodes';
import { MFA_PANEL_MESSAGES, MFA_STEP_LABELS, MFA_STEPS, secondsUntilRotation } from './mfa-panel-messages';
import { initialTwoFactorState, sendProblem, twoFactorReducer, type TwoFactorFailure } from './two-factor-machine';

/** No answer, or the gateway/service down: the backend is unavailable (docs/product/accounts.md §2 instruction box). */
const isUnavailable = (error: unknown) => !(error instanceof ApiError) || error.status === 0 || error.status >= 502;
const serverError = (error: unknown) => (error instanceof ApiError && error.status < 500 && error.message ? error.message : null);
const failureOf = (error: unknown): TwoFactorFailure => ({ unavailable: isUnavailable(error), serverMessage: serverError(error) });

const METHODS = [
  { id: 'totp', label: 'Authenticator app', description: 'Google Authenticator, 1Password, Authy or any TOTP app.', available: true },
  { id: 'sms', label: 'Text message (SMS)', description: 'A code sent to your phone.', available: false },
  { id: 'key', label: 'Hardware security key', description: 'A USB or NFC key such as a YubiKey.', available: false },
] as const;

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

/** The two-factor setup panel (docs/product/accounts.md §2, §4, §8): check → method → setup → verify → complete. */
export function TwoFactorPanel() {
  const { user, api, updateUser, refreshSession } = useAuth();
  const [state, dispatch] = useReducer(twoFactorReducer, initialTwoFactorState);
  const { step, qrCode, manualKey, backupCodes, code, disableCode, password, passwordError, error, success, unavailable, busy, confirmRegenerate } = state;
  const errorFocus = useFirstErrorFocus<HTMLDivElement>();

  const userId = user?.id;
  const check = useCallback(async () => {
    if (!userId) return;
    dispatch({ type: 'checkStarted' });
    try {
      const status = await api.call(MFA_ENDPOINTS.status, { params: { userId } });
      dispatch({ type: 'statusLoaded', enabled: status.enabled });
    } catch {
      dispatch({ type: 'statusFailed' });
    }
  }, [userId, api]);

  useEffect(() => {
    void check();
  }, [check]);

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
      dispatch({ type: 'enableFinished' });
    } catch (failure) {
      dispatch({ type: 'enableFailed', ...failureOf(failure) });
      errorFocus.reveal();
    }
  };

  const disable = async (event: FormEvent) => {
    event.preventDefault();
    const problem = sendProblem(disableCode, password);
    dispatch({ type: 'submitted', form: 'disable' });
    if (problem) return errorFocus.reveal();
    try {
      await api.call(MFA_ENDPOINTS.disable, { body: { userId: user.id, token: disableCode, password } });
      dispatch({ type: 'disableSucceeded' });
      updateUser({ ...user, mfa_enabled: false });
    } catch (failure) {
      dispatch({ type: 'disableFailed', ...failureOf(failure) });
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

  const setPassword = (value: string) => dispatch({ type: 'passwordTyped', value });
  const stepIndex = MFA_STEPS.indexOf(step);

  return (
    <Card ref={errorFocus.ref} className="pc-mfa" aria-labelledby="mfa-title">
      <div className="pc-mfa__head">
        <h2 id="mfa-title" className="pc-card__title">
          Two-factor authentication
        </h2>
        {step === 'complete' ? <Badge tone="success">Enabled</Badge> : step !== 'check' && <Badge>Not enabled</Badge>}
      </div>
      <ol className="pc-mfa__steps" aria-label="Setup progress">
        {MFA_STEPS.map((name, index) => (
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
          <p>Add a second step to signing in: after your password, a 6-digit code from your phone.</p>
          <ul className="pc-mfa__methods">
            {METHODS.map((method) => (
              <li key={method.id}>
                <button
                  type="button"
                  className="pc-mfa__method"
                  disabled={!method.available || busy}
                  aria-disabled={!method.available || undefined}
                  onClick={method.available ? () => void startSetup() : undefined}
                >
                  <span className="pc-mfa__method-label">
                    {method.label} {!method.available && <Badge tone="warning">Coming Soon</Badge>}
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
              <Button onClick={() => dispatch({ type: 'continued' })}>Continue</Button>
            </>
          ) : (
            <>
              <p>Use an authenticator app to get a new code every {MFA_PERIOD_SECONDS} seconds.</p>
              <Button onClick={() => void startSetup()} busy={busy} busyText="Preparing...">
                Set up authenticator app
              </Button>
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

      {step === 'complete' && (
        <div className="pc-mfa__body">
          <p>Your account asks for a code from your authenticator app each time you sign in.</p>
          {backupCodes.length > 0 && <BackupCodes codes={backupCodes} email={user.email} />}
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
          <form className="pc-mfa__disable pc-auth__form" onSubmit={disable} noValidate>
            <p className="pc-field__label">Turn off two-factor authentication</p>
            <TextField
              label="Current code from your app"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              placeholder="000000"
              value={disableCode}
              onChange={(event) => dispatch({ type: 'disableCodeTyped', value: event.target.value })}
            />
            <CurrentPasswordField value={password} onChange={setPassword} error={passwordError} />
            <Button type="submit" variant="danger" busy={busy} busyText="Disabling...">
              Disable two-factor authentication
            </Button>
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
