import { AUTH_MESSAGES } from '@paycadence/contracts';
import { MFA_PANEL_MESSAGES, type MfaStep } from './mfa-panel-messages';

/** Everything the two-factor panel remembers between renders. */
export interface TwoFactorState {
  step: MfaStep;
  qrCode: string | null;
  manualKey: string | null;
  backupCodes: string[];
  /** The code typed to turn two-factor on. */
  code: string;
  /** The code typed to turn two-factor off. */
  disableCode: string;
  // Turning two-factor on or off asks for the password again in the same step: a session left open on a shared
  // computer is not enough to change how the account signs in.
  password: string;
  passwordError: string | null;
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
 * gave (null when it gave none worth showing).
 */
export interface TwoFactorFailure {
  unavailable: boolean;
  serverMessage: string | null;
}

export type TwoFactorAction =
  | { type: 'checkStarted' }
  | { type: 'statusLoaded'; enabled: boolean }
  | { type: 'statusFailed' }
  | { type: 'setupStarted' }
  | { type: 'setupLoaded'; qrCode: string; manualKey: string }
  | ({ type: 'setupFailed' } & Pick<TwoFactorFailure, 'unavailable'>)
  | { type: 'continued' }
  | { type: 'wentBack' }
  | { type: 'codeTyped'; value: string }
  | { type: 'disableCodeTyped'; value: string }
  | { type: 'passwordTyped'; value: string }
  | { type: 'submitted'; form: TwoFactorForm }
  | { type: 'enableSucceeded'; backupCodes: string[] }
  | { type: 'enableFinished' }
  | ({ type: 'enableFailed' } & TwoFactorFailure)
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
  qrCode: null,
  manualKey: null,
  backupCodes: [],
  code: '',
  disableCode: '',
  password: '',
  passwordError: null,
  error: null,
  success: null,
  unavailable: false,
  busy: false,
  confirmRegenerate: false,
};

/** Codes are six digits: anything else typed is dropped. */
export const digits = (value: string) => value.replace(/\D/g, '').slice(0, 6);

/** What stops a code and password from going out, or null when the form may be sent. */
export function sendProblem(code: string, password: string): Pick<TwoFactorState, 'error' | 'passwordError'> | null {
  if (!/^\d{6}$/.test(code)) return { error: MFA_PANEL_MESSAGES.codeFormat, passwordError: null };
  if (!password) return { error: null, passwordError: AUTH_MESSAGES.currentPasswordRequired };
  return null;
}

/** The code field each form sends. */
const codeOf = (state: TwoFactorState, form: TwoFactorForm) => (form === 'enable' ? state.code : state.disableCode);

/**
 * A refused change: a wrong password empties the password field, anything else shows the message and empties the
 * code that was sent.
 */
function refused(state: TwoFactorState, message: string, codeField: 'code' | 'disableCode'): TwoFactorState {
  if (message === AUTH_MESSAGES.incorrectPassword) return { ...state, passwordError: message, password: '', busy: false };
  return { ...state, error: message, [codeField]: '', busy: false };
}

/** The panel's transitions: check → method → setup → verify → complete, and back to setup when turned off. */
export function twoFactorReducer(state: TwoFactorState, action: TwoFactorAction): TwoFactorState {
  switch (action.type) {
    case 'checkStarted':
      return { ...state, step: 'check', error: null, unavailable: false };
    case 'statusLoaded':
      return { ...state, step: action.enabled ? 'complete' : 'method' };
    case 'statusFailed':
      // A status that cannot be read goes to setup, with the unavailable error.
      return { ...state, step: 'setup', error: MFA_PANEL_MESSAGES.unavailable, unavailable: true };

    case 'setupStarted':
      return { ...state, busy: true, error: null, unavailable: false };
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

    case 'codeTyped':
      return { ...state, code: digits(action.value) };
    case 'disableCodeTyped':
      return { ...state, disableCode: digits(action.value) };
    case 'passwordTyped':
      return { ...state, password: action.value };

    case 'submitted': {
      // Both forms check the same way; only a form that passes goes busy (and out to the server).
      const problem = sendProblem(codeOf(state, action.form), state.password);
      if (problem) return { ...state, ...problem };
      return { ...state, error: null, passwordError: null, busy: true };
    }

    case 'enableSucceeded':
      // Still busy: the session may be refreshed before the panel is ready again.
      return { ...state, backupCodes: action.backupCodes, code: '', password: '', step: 'complete', success: ENABLED_MESSAGE };
    case 'enableFinished':
      return { ...state, busy: false };
    case 'enableFailed':
      if (action.unavailable) return { ...state, error: MFA_PANEL_MESSAGES.enableFailed, busy: false };
      return refused(state, action.serverMessage ?? MFA_PANEL_MESSAGES.invalidCode, 'code');

    case 'disableSucceeded':
      // Turning it off returns to setup and forgets the QR code, the manual key and the backup codes.
      return {
        ...state,
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
