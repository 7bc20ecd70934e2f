import { AUTH_MESSAGES, SECURITY_KEY_MESSAGES, securityKeyNameField, type MfaFactorView } from '@paycadence/contracts';
import { DISABLE_CODE_MAX_LENGTH, MFA_PANEL_MESSAGES, type MfaStep } from './mfa-panel-messages';

/** Everything the two-factor panel remembers between renders. */
export interface TwoFactorState {
  step: MfaStep;
  /** Which way the progress list shows: the app's (scan, verify) or a key's (one step). */
  path: 'app' | 'key';
  /** Two-factor sign-in is on (as the status said, then as this panel changed it). */
  enabled: boolean;
  /** The account's second factors as the status last listed them (the app, each key). */
  factors: MfaFactorView[];
  qrCode: string | null;
  manualKey: string | null;
  backupCodes: string[];
  /** The code typed to turn two-factor on. */
  code: string;
  /** The code typed to turn two-factor off: the app's, or a backup code. */
  disableCode: string;
  // Turning two-factor on or off asks for the password again in the same step: a session left open on a shared
  // computer is not enough to change how the account signs in.
  password: string;
  passwordError: string | null;
  /** The name the new key will be listed under. */
  keyName: string;
  keyNameError: string | null;
  /** The key whose removal is being confirmed; the dialog asks for the password on its own. */
  removing: MfaFactorView | null;
  removePassword: string;
  removePasswordError: string | null;
  error: string | null;
  success: string | null;
  /** The backend did not answer: the panel also shows how to start it. */
  unavailable: boolean;
  busy: boolean;
  /** The "replace your backup codes?" question is open. */
  confirmRegenerate: boolean;
}

/** The two forms that send a code and the password. */
export type TwoFactorForm = 'enable' | 'disable';

/**
 * A failed request, as the reducer needs it: whether the backend was out of reach, and the message the server
 * (or the browser's key ceremony) gave (null when there is none worth showing).
 */
export interface TwoFactorFailure {
  unavailable: boolean;
  serverMessage: string | null;
}

/** What the status answers, as the panel keeps it. */
interface StatusSeen {
  enabled: boolean;
  factors: MfaFactorView[];
}

export type TwoFactorAction =
  | { type: 'checkStarted' }
  | ({ type: 'statusLoaded' } & StatusSeen)
  | { type: 'statusFailed' }
  /** A fresh status after a change (a key added or removed, the app set up): the list, without the spinner. */
  | ({ type: 'statusRefreshed' } & Pick<StatusSeen, 'factors'>)
  | { type: 'setupStarted' }
  | { type: 'setupLoaded'; qrCode: string; manualKey: string }
  | ({ type: 'setupFailed' } & Pick<TwoFactorFailure, 'unavailable'>)
  | { type: 'continued' }
  | { type: 'wentBack' }
  /** Back out of setting up the app or adding a key: to the complete view when two-factor is on, else to the methods. */
  | { type: 'stepCancelled' }
  | { type: 'codeTyped'; value: string }
  | { type: 'disableCodeTyped'; value: string }
  | { type: 'passwordTyped'; value: string }
  | { type: 'submitted'; form: TwoFactorForm }
  | { type: 'enableSucceeded'; backupCodes: string[] }
  | { type: 'enableFinished' }
  | ({ type: 'enableFailed' } & TwoFactorFailure)
  | { type: 'keyChosen' }
  | { type: 'keyNameTyped'; value: string }
  | { type: 'keySubmitted' }
  | { type: 'keyAdded'; backupCodes: string[] }
  | { type: 'keyFinished' }
  | ({ type: 'keyFailed' } & TwoFactorFailure)
  | { type: 'removeAsked'; factor: MfaFactorView }
  | { type: 'removeCancelled' }
  | { type: 'removePasswordTyped'; value: string }
  | { type: 'removeSubmitted' }
  | { type: 'keyRemoved'; id: string }
  | ({ type: 'removeFailed' } & TwoFactorFailure)
  /** "Use your security key" to turn two-factor off: the password is checked before the browser asks for the key. */
  | { type: 'disableWithKeyStarted' }
  | { type: 'disableSucceeded' }
  | ({ type: 'disableFailed' } & TwoFactorFailure)
  | { type: 'regenerateAsked' }
  | { type: 'regenerateCancelled' }
  | { type: 'backupCodesRequested' }
  | { type: 'backupCodesLoaded'; codes: string[] }
  | ({ type: 'backupCodesFailed' } & Pick<TwoFactorFailure, 'serverMessage'>);

export const ENABLED_MESSAGE = 'Two-factor authentication is now enabled.';
export const DISABLED_MESSAGE = 'Two-factor authentication has been turned off.';

export const initialTwoFactorState: TwoFactorState = {
  step: 'check',
  path: 'app',
  enabled: false,
  factors: [],
  qrCode: null,
  manualKey: null,
  backupCodes: [],
  code: '',
  disableCode: '',
  password: '',
  passwordError: null,
  keyName: '',
  keyNameError: null,
  removing: null,
  removePassword: '',
  removePasswordError: null,
  error: null,
  success: null,
  unavailable: false,
  busy: false,
  confirmRegenerate: false,
};

/** Codes are six digits: anything else typed is dropped. */
export const digits = (value: string) => value.replace(/\D/g, '').slice(0, 6);

/** The disable form takes the app's code or a backup code (`XXXXX-XXXXX`): letters, digits and '-' only. */
export const codeOrBackupCode = (value: string) => value.replace(/[^A-Za-z0-9-]/g, '').slice(0, DISABLE_CODE_MAX_LENGTH);

/** The account's verified second factors, split as the complete view shows them. */
export function factorsOf(factors: readonly MfaFactorView[]): { appOn: boolean; keys: MfaFactorView[] } {
  const verified = factors.filter((factor) => factor.status === 'verified');
  return { appOn: verified.some((factor) => factor.factor_type === 'totp'), keys: verified.filter((factor) => factor.factor_type === 'webauthn') };
}

type FormProblem = Pick<TwoFactorState, 'error' | 'passwordError'>;

/** What stops the enable form's code and password from going out, or null when it may be sent. */
export function sendProblem(code: string, password: string): FormProblem | null {
  if (!/^\d{6}$/.test(code)) return { error: MFA_PANEL_MESSAGES.codeFormat, passwordError: null };
  if (!password) return { error: null, passwordError: AUTH_MESSAGES.currentPasswordRequired };
  return null;
}

/** As sendProblem, for the disable form: the app's code or a backup code (at least 6 characters, as the contract). */
export function disableProblem(code: string, password: string): FormProblem | null {
  if (code.trim().length < 6) return { error: MFA_PANEL_MESSAGES.disableCodeFormat, passwordError: null };
  if (!password) return { error: null, passwordError: AUTH_MESSAGES.currentPasswordRequired };
  return null;
}

/** What stops a key from being added: its name (the contract's rule) and the password, both marked at once. */
export function keyProblem(name: string, password: string): Pick<TwoFactorState, 'keyNameError' | 'passwordError'> | null {
  const parsed = securityKeyNameField.safeParse(name);
  const keyNameError = parsed.success ? null : (parsed.error.issues[0]?.message ?? SECURITY_KEY_MESSAGES.nameRequired);
  const passwordError = password ? null : AUTH_MESSAGES.currentPasswordRequired;
  return keyNameError || passwordError ? { keyNameError, passwordError } : null;
}

const problemOf = (state: TwoFactorState, form: TwoFactorForm) =>
  form === 'enable' ? sendProblem(state.code, state.password) : disableProblem(state.disableCode, state.password);

/** Where backing out of a step lands, and where the panel goes when two-factor is found off. */
const home = (state: TwoFactorState): MfaStep => (state.enabled ? 'complete' : 'method');

/**
 * A refused change: a wrong password empties the password field, anything else shows the message and empties the
 * code that was sent (a key's ceremony sent no code).
 */
function refused(state: TwoFactorState, message: string, codeField?: 'code' | 'disableCode'): TwoFactorState {
  if (message === AUTH_MESSAGES.incorrectPassword) return { ...state, passwordError: message, password: '', busy: false };
  return { ...state, error: message, ...(codeField ? { [codeField]: '' } : {}), busy: false };
}

/**
 * The panel's transitions. The app: check → method → setup → verify → complete. A key: check → method → key →
 * complete. From complete, another key or the app can be added, a key removed, or two-factor turned off (back
 * to setup).
 */
export function twoFactorReducer(state: TwoFactorState, action: TwoFactorAction): TwoFactorState {
  switch (action.type) {
    case 'checkStarted':
      return { ...state, step: 'check', error: null, unavailable: false };
    case 'statusLoaded':
      return { ...state, enabled: action.enabled, factors: action.factors, step: action.enabled ? 'complete' : 'method' };
    case 'statusFailed':
      // A status that cannot be read goes to setup, with the unavailable error.
      return { ...state, step: 'setup', error: MFA_PANEL_MESSAGES.unavailable, unavailable: true };
    case 'statusRefreshed':
      // The list only: whether two-factor is on is what the change just made it, not a status read around it.
      return { ...state, factors: action.factors };

    case 'setupStarted':
      return { ...state, path: 'app', busy: true, error: null, success: null, unavailable: false };
    case 'setupLoaded':
      return { ...state, qrCode: action.qrCode, manualKey: action.manualKey, step: 'setup', busy: false };
    case 'setupFailed':
      return action.unavailable
        ? { ...state, error: MFA_PANEL_MESSAGES.unavailableEnsure, unavailable: true, step: 'setup', busy: false }
        : { ...state, error: MFA_PANEL_MESSAGES.setupFailed, step: 'setup', busy: false };

    case 'continued':
      return { ...state, error: null, success: null, step: 'verify' };
    case 'wentBack':
      return { ...state, error: null, passwordError: null, step: 'setup' };
    case 'stepCancelled':
      return { ...state, error: null, passwordError: null, keyNameError: null, unavailable: false, password: '', code: '', step: home(state) };

    case 'codeTyped':
      return { ...state, code: digits(action.value) };
    case 'disableCodeTyped':
      return { ...state, disableCode: codeOrBackupCode(action.value) };
    case 'passwordTyped':
      return { ...state, password: action.value };

    case 'submitted': {
      // Both forms check the same way; only a form that passes goes busy (and out to the server).
      const problem = problemOf(state, action.form);
      if (problem) return { ...state, ...problem };
      return { ...state, error: null, passwordError: null, busy: true };
    }

    case 'enableSucceeded':
      // Still busy: the session may be refreshed before the panel is ready again. No codes: the account's keys
      // had already turned two-factor on, and its backup codes stay as they were.
      return {
        ...state,
        enabled: true,
        backupCodes: action.backupCodes.length > 0 ? action.backupCodes : state.backupCodes,
        code: '',
        password: '',
        step: 'complete',
        success: action.backupCodes.length > 0 ? ENABLED_MESSAGE : MFA_PANEL_MESSAGES.appAdded,
      };
    case 'enableFinished':
      return { ...state, busy: false };
    case 'enableFailed':
      if (action.unavailable) return { ...state, error: MFA_PANEL_MESSAGES.enableFailed, busy: false };
      return refused(state, action.serverMessage ?? MFA_PANEL_MESSAGES.invalidCode, 'code');

    case 'keyChosen':
      return { ...state, step: 'key', path: 'key', error: null, success: null, unavailable: false, keyNameError: null, password: '', passwordError: null };
    case 'keyNameTyped':
      return { ...state, keyName: action.value };
    case 'keySubmitted': {
      const problem = keyProblem(state.keyName, state.password);
      if (problem) return { ...state, ...problem, error: null };
      return { ...state, error: null, keyNameError: null, passwordError: null, busy: true };
    }
    case 'keyAdded':
      // Still busy, as enableSucceeded. Codes come back only when this key turned two-factor on.
      return {
        ...state,
        enabled: true,
        backupCodes: action.backupCodes.length > 0 ? action.backupCodes : state.backupCodes,
        keyName: '',
        password: '',
        step: 'complete',
        success: action.backupCodes.length > 0 ? `${SECURITY_KEY_MESSAGES.added} ${ENABLED_MESSAGE}` : SECURITY_KEY_MESSAGES.added,
      };
    case 'keyFinished':
      return { ...state, busy: false };
    case 'keyFailed':
      if (action.unavailable) return { ...state, error: MFA_PANEL_MESSAGES.keyAddFailed, busy: false };
      return refused(state, action.serverMessage ?? MFA_PANEL_MESSAGES.keyAddFailed);

    case 'removeAsked':
      return { ...state, removing: action.factor, removePassword: '', removePasswordError: null, error: null, success: null };
    case 'removeCancelled':
      return { ...state, removing: null, removePassword: '', removePasswordError: null };
    case 'removePasswordTyped':
      return { ...state, removePassword: action.value };
    case 'removeSubmitted':
      if (!state.removePassword) return { ...state, removePasswordError: AUTH_MESSAGES.currentPasswordRequired };
      return { ...state, removePasswordError: null, busy: true };
    case 'keyRemoved':
      return {
        ...state,
        factors: state.factors.filter((factor) => factor.id !== action.id),
        removing: null,
        removePassword: '',
        success: SECURITY_KEY_MESSAGES.removed,
        busy: false,
      };
    case 'removeFailed': {
      const message = action.unavailable ? MFA_PANEL_MESSAGES.keyRemoveFailed : (action.serverMessage ?? MFA_PANEL_MESSAGES.keyRemoveFailed);
      // A wrong password can be typed again in the dialog; any other refusal (the last second factor) is the
      // panel's to show, with the dialog closed so the way out it names can be taken.
      if (message === AUTH_MESSAGES.incorrectPassword) return { ...state, removePasswordError: message, removePassword: '', busy: false };
      return { ...state, removing: null, removePassword: '', removePasswordError: null, error: message, busy: false };
    }

    case 'disableWithKeyStarted':
      if (!state.password) return { ...state, error: null, passwordError: AUTH_MESSAGES.currentPasswordRequired };
      return { ...state, error: null, passwordError: null, busy: true };
    case 'disableSucceeded':
      // Turning it off returns to setup and forgets the QR code, the manual key, the backup codes and the factors.
      return {
        ...state,
        enabled: false,
        factors: [],
        path: 'app',
        qrCode: null,
        manualKey: null,
        backupCodes: [],
        disableCode: '',
        password: '',
        success: DISABLED_MESSAGE,
        step: 'setup',
        busy: false,
      };
    case 'disableFailed':
      return refused(state, action.unavailable ? MFA_PANEL_MESSAGES.disableFailed : (action.serverMessage ?? MFA_PANEL_MESSAGES.disableFailed), 'disableCode');

    case 'regenerateAsked':
      return { ...state, confirmRegenerate: true };
    case 'regenerateCancelled':
      return { ...state, confirmRegenerate: false };
    case 'backupCodesRequested':
      return { ...state, confirmRegenerate: false, busy: true, error: null };
    case 'backupCodesLoaded':
      return { ...state, backupCodes: action.codes, busy: false };
    case 'backupCodesFailed':
      return { ...state, error: action.serverMessage ?? MFA_PANEL_MESSAGES.unavailable, busy: false };
  }
}
