import { AUTH_MESSAGES, SECURITY_KEY_MESSAGES, type MfaFactorView } from '@paycadence/contracts';
import { describe, expect, it } from 'vitest';
import { MFA_PANEL_MESSAGES, secondFactorSummary } from './mfa-panel-messages';
import {
  DISABLED_MESSAGE,
  ENABLED_MESSAGE,
  codeOrBackupCode,
  digits,
  disableProblem,
  factorsOf,
  initialTwoFactorState,
  keyProblem,
  sendProblem,
  twoFactorReducer as reduce,
  type TwoFactorState,
} from './two-factor-machine';

const at = (changes: Partial<TwoFactorState>): TwoFactorState => ({ ...initialTwoFactorState, ...changes });
const SETUP = at({ step: 'setup', qrCode: 'data:image/png;base64,AAAA', manualKey: 'JBSWY3DP' });
const VERIFY = at({ ...SETUP, step: 'verify', code: '123456', password: 'Secret-123!' });
const COMPLETE = at({ ...SETUP, step: 'complete', enabled: true, backupCodes: ['AAAAA-11111'], disableCode: '654321', password: 'Secret-123!' });
const APP: MfaFactorView = { id: 'f-app', factor_type: 'totp', status: 'verified', friendly_name: 'Authenticator app' };
const YUBIKEY: MfaFactorView = {
  id: 'f-key',
  factor_type: 'webauthn',
  status: 'verified',
  friendly_name: 'YubiKey',
  created_at: '2026-03-04T12:00:00.000Z',
  last_used_at: null,
};

describe('two-factor machine: input helpers', () => {
  it('keeps only the first six digits', () => {
    expect(digits('12x34')).toBe('1234');
    expect(digits('1234567')).toBe('123456');
  });

  it('keeps letters, digits and dashes of a disable code (a backup code), up to 32', () => {
    expect(codeOrBackupCode(' abcde-12345 ')).toBe('abcde-12345');
    expect(codeOrBackupCode('1'.repeat(40))).toHaveLength(32);
  });

  it('takes a 6-digit code or a backup code to turn two-factor off, then the password', () => {
    expect(disableProblem('12345', 'pw')).toEqual({ error: MFA_PANEL_MESSAGES.disableCodeFormat, passwordError: null });
    expect(disableProblem('ABCDE-23456', '')).toEqual({ error: null, passwordError: AUTH_MESSAGES.currentPasswordRequired });
    expect(disableProblem('123456', 'pw')).toBeNull();
    expect(disableProblem('ABCDE-23456', 'pw')).toBeNull();
  });

  it("checks a key's name by the contract's rule and the password, marking both at once", () => {
    expect(keyProblem('   ', '')).toEqual({ keyNameError: SECURITY_KEY_MESSAGES.nameRequired, passwordError: AUTH_MESSAGES.currentPasswordRequired });
    expect(keyProblem('k'.repeat(65), 'pw')).toEqual({ keyNameError: SECURITY_KEY_MESSAGES.nameTooLong, passwordError: null });
    expect(keyProblem(' YubiKey ', 'pw')).toBeNull();
  });

  it('splits the verified factors into the app and the keys', () => {
    expect(factorsOf([APP, YUBIKEY, { ...YUBIKEY, id: 'pending', status: 'unverified' }])).toEqual({ appOn: true, keys: [YUBIKEY] });
    expect(factorsOf([{ ...APP, status: 'unverified' }])).toEqual({ appOn: false, keys: [] });
  });

  it('names what the account asks for at sign-in', () => {
    expect(secondFactorSummary(true, 0)).toBe('Your account asks for a code from your authenticator app each time you sign in.');
    expect(secondFactorSummary(false, 1)).toBe('Your account asks for your security key each time you sign in.');
    expect(secondFactorSummary(true, 2)).toBe('Your account asks for a code from your authenticator app or one of your security keys each time you sign in.');
  });

  it('refuses a code that is not six digits first, then an empty password', () => {
    expect(sendProblem('12345', 'pw')).toEqual({ error: MFA_PANEL_MESSAGES.codeFormat, passwordError: null });
    expect(sendProblem('12345', '')).toEqual({ error: MFA_PANEL_MESSAGES.codeFormat, passwordError: null });
    expect(sendProblem('123456', '')).toEqual({ error: null, passwordError: AUTH_MESSAGES.currentPasswordRequired });
    expect(sendProblem('123456', 'pw')).toBeNull();
  });
});

describe('two-factor machine: status check', () => {
  it('starts on check, quiet and idle', () => {
    expect(initialTwoFactorState).toMatchObject({ step: 'check', error: null, success: null, unavailable: false, busy: false });
  });

  it('checkStarted goes back to check and clears the error and the unavailable box', () => {
    expect(reduce(at({ step: 'setup', error: MFA_PANEL_MESSAGES.unavailable, unavailable: true }), { type: 'checkStarted' })).toEqual(at({ step: 'check' }));
  });

  it('statusLoaded keeps the factors and opens on complete when enabled, else on method', () => {
    expect(reduce(at({}), { type: 'statusLoaded', enabled: true, factors: [YUBIKEY] })).toEqual(at({ step: 'complete', enabled: true, factors: [YUBIKEY] }));
    expect(reduce(at({}), { type: 'statusLoaded', enabled: false, factors: [] }).step).toBe('method');
  });

  it('statusRefreshed replaces the list only, leaving the step and whether two-factor is on', () => {
    expect(reduce(COMPLETE, { type: 'statusRefreshed', factors: [APP, YUBIKEY] })).toEqual({ ...COMPLETE, factors: [APP, YUBIKEY] });
  });

  it('statusFailed goes to setup with the unavailable error and box', () => {
    expect(reduce(at({}), { type: 'statusFailed' })).toEqual(at({ step: 'setup', error: MFA_PANEL_MESSAGES.unavailable, unavailable: true }));
  });
});

describe('two-factor machine: setup', () => {
  it('setupStarted goes busy and clears the error and the unavailable box', () => {
    const from = at({ step: 'method', error: MFA_PANEL_MESSAGES.setupFailed, unavailable: true });
    expect(reduce(from, { type: 'setupStarted' })).toEqual(at({ step: 'method', busy: true }));
  });

  it('setupLoaded keeps the QR code and key and shows setup', () => {
    expect(reduce(at({ step: 'method', busy: true }), { type: 'setupLoaded', qrCode: 'qr', manualKey: 'key' })).toEqual(
      at({ step: 'setup', qrCode: 'qr', manualKey: 'key' }),
    );
  });

  it('setupFailed shows setup with the reason: unavailable (with the box) or failed', () => {
    const from = at({ step: 'method', busy: true });
    expect(reduce(from, { type: 'setupFailed', unavailable: true })).toEqual(at({ step: 'setup', error: MFA_PANEL_MESSAGES.unavailableEnsure, unavailable: true }));
    expect(reduce(from, { type: 'setupFailed', unavailable: false })).toEqual(at({ step: 'setup', error: MFA_PANEL_MESSAGES.setupFailed }));
  });

  it('continued goes from setup to verify, clearing the messages', () => {
    const from = { ...SETUP, error: 'old', success: DISABLED_MESSAGE };
    expect(reduce(from, { type: 'continued' })).toEqual({ ...SETUP, step: 'verify' });
  });

  it('wentBack goes from verify to setup, clearing both errors but keeping what was typed', () => {
    const from = { ...VERIFY, error: MFA_PANEL_MESSAGES.codeFormat, passwordError: AUTH_MESSAGES.currentPasswordRequired, success: 'kept' };
    expect(reduce(from, { type: 'wentBack' })).toEqual({ ...VERIFY, step: 'setup', success: 'kept' });
  });
});

describe('two-factor machine: typing', () => {
  it('codeTyped keeps digits only, disableCodeTyped a code or backup code; passwordTyped keeps the text as typed', () => {
    expect(reduce(VERIFY, { type: 'codeTyped', value: '9a9 9' }).code).toBe('999');
    expect(reduce(COMPLETE, { type: 'disableCodeTyped', value: 'abcde 12345' }).disableCode).toBe('abcde12345');
    expect(reduce(VERIFY, { type: 'passwordTyped', value: ' p 4ss ' }).password).toBe(' p 4ss ');
  });
});

describe('two-factor machine: submitting', () => {
  it.each(['enable', 'disable'] as const)('a valid %s form clears both errors and goes busy', (form) => {
    const from = form === 'enable' ? VERIFY : COMPLETE;
    expect(reduce({ ...from, error: 'old', passwordError: 'old' }, { type: 'submitted', form })).toEqual({ ...from, busy: true });
  });

  it('checks the code of the form sent: the enable code or the disable code', () => {
    const bothTyped = { ...VERIFY, code: '12', disableCode: '123456' };
    expect(reduce(bothTyped, { type: 'submitted', form: 'enable' })).toEqual({ ...bothTyped, error: MFA_PANEL_MESSAGES.codeFormat });
    expect(reduce(bothTyped, { type: 'submitted', form: 'disable' }).busy).toBe(true);
  });

  it('a refused form stays idle with only its newest problem shown', () => {
    const noPassword = { ...COMPLETE, password: '', error: 'old' };
    expect(reduce(noPassword, { type: 'submitted', form: 'disable' })).toEqual({
      ...noPassword,
      error: null,
      passwordError: AUTH_MESSAGES.currentPasswordRequired,
    });
  });
});

describe('two-factor machine: enable', () => {
  const sending = { ...VERIFY, busy: true };

  it('enableSucceeded shows complete with the backup codes, empties code and password, and stays busy until finished', () => {
    const done = reduce(sending, { type: 'enableSucceeded', backupCodes: ['A', 'B'] });
    expect(done).toEqual({ ...sending, step: 'complete', enabled: true, backupCodes: ['A', 'B'], code: '', password: '', success: ENABLED_MESSAGE });
    expect(reduce(done, { type: 'enableFinished' })).toEqual({ ...done, busy: false });
  });

  it('enableSucceeded without codes (keys had turned two-factor on) says the app was added and keeps the codes shown', () => {
    const fromKeys = { ...sending, enabled: true, backupCodes: ['OLD'] };
    expect(reduce(fromKeys, { type: 'enableSucceeded', backupCodes: [] })).toMatchObject({ step: 'complete', backupCodes: ['OLD'], success: MFA_PANEL_MESSAGES.appAdded });
  });

  it('enableFailed while unavailable shows the enable failure and keeps both fields', () => {
    expect(reduce(sending, { type: 'enableFailed', unavailable: true, serverMessage: null })).toEqual({ ...VERIFY, error: MFA_PANEL_MESSAGES.enableFailed });
  });

  it("enableFailed shows the server's message (or invalid code) and empties the code", () => {
    expect(reduce(sending, { type: 'enableFailed', unavailable: false, serverMessage: 'Invalid verification code' })).toEqual({
      ...VERIFY,
      error: 'Invalid verification code',
      code: '',
    });
    expect(reduce(sending, { type: 'enableFailed', unavailable: false, serverMessage: null })).toEqual({ ...VERIFY, error: MFA_PANEL_MESSAGES.invalidCode, code: '' });
  });

  it('enableFailed with a wrong password marks and empties the password only', () => {
    expect(reduce(sending, { type: 'enableFailed', unavailable: false, serverMessage: AUTH_MESSAGES.incorrectPassword })).toEqual({
      ...VERIFY,
      passwordError: AUTH_MESSAGES.incorrectPassword,
      password: '',
    });
  });

  it('a failure after success (the session refresh) shows the error on complete and ends busy', () => {
    const done = reduce(sending, { type: 'enableSucceeded', backupCodes: ['A'] });
    expect(reduce(done, { type: 'enableFailed', unavailable: true, serverMessage: null })).toEqual({ ...done, error: MFA_PANEL_MESSAGES.enableFailed, busy: false });
  });
});

describe('two-factor machine: disable', () => {
  const sending = { ...COMPLETE, busy: true, success: ENABLED_MESSAGE };

  it('disableSucceeded returns to setup and forgets the QR code, key, backup codes, code and password', () => {
    expect(reduce(sending, { type: 'disableSucceeded' })).toEqual(
      at({ step: 'setup', success: DISABLED_MESSAGE }),
    );
  });

  it('disableFailed shows the disable failure when unavailable, else the server message, and empties the code', () => {
    expect(reduce(sending, { type: 'disableFailed', unavailable: true, serverMessage: 'ignored' })).toEqual({
      ...sending,
      busy: false,
      error: MFA_PANEL_MESSAGES.disableFailed,
      disableCode: '',
    });
    expect(reduce(sending, { type: 'disableFailed', unavailable: false, serverMessage: 'Invalid code' })).toEqual({
      ...sending,
      busy: false,
      error: 'Invalid code',
      disableCode: '',
    });
    expect(reduce(sending, { type: 'disableFailed', unavailable: false, serverMessage: null }).error).toBe(MFA_PANEL_MESSAGES.disableFailed);
  });

  it('disableFailed with a wrong password marks and empties the password only', () => {
    expect(reduce(sending, { type: 'disableFailed', unavailable: false, serverMessage: AUTH_MESSAGES.incorrectPassword })).toEqual({
      ...sending,
      busy: false,
      passwordError: AUTH_MESSAGES.incorrectPassword,
      password: '',
    });
  });
});

describe('two-factor machine: security keys', () => {
  const KEY = at({ step: 'key', path: 'key', keyName: 'YubiKey', password: 'Secret-123!' });

  it('keyChosen opens the key step on the key path, with the messages and the password cleared', () => {
    expect(reduce({ ...COMPLETE, error: 'old', success: 'old' }, { type: 'keyChosen' })).toEqual({ ...COMPLETE, step: 'key', path: 'key', password: '' });
  });

  it('keySubmitted marks a missing name and password, or goes busy', () => {
    expect(reduce(at({ step: 'key' }), { type: 'keySubmitted' })).toMatchObject({
      keyNameError: SECURITY_KEY_MESSAGES.nameRequired,
      passwordError: AUTH_MESSAGES.currentPasswordRequired,
      busy: false,
    });
    expect(reduce({ ...KEY, keyNameError: 'old' }, { type: 'keySubmitted' })).toEqual({ ...KEY, busy: true });
  });

  it('keyAdded with codes turned two-factor on; without them only the key was added', () => {
    const sending = { ...KEY, busy: true };
    expect(reduce(sending, { type: 'keyAdded', backupCodes: ['A'] })).toEqual({
      ...sending,
      step: 'complete',
      enabled: true,
      backupCodes: ['A'],
      keyName: '',
      password: '',
      success: `${SECURITY_KEY_MESSAGES.added} ${ENABLED_MESSAGE}`,
    });
    expect(reduce({ ...sending, enabled: true }, { type: 'keyAdded', backupCodes: [] })).toMatchObject({ success: SECURITY_KEY_MESSAGES.added, backupCodes: [] });
    expect(reduce(reduce(sending, { type: 'keyAdded', backupCodes: [] }), { type: 'keyFinished' }).busy).toBe(false);
  });

  it("keyFailed shows the server's or the browser's words and keeps the name; a wrong password empties the password", () => {
    const sending = { ...KEY, busy: true };
    expect(reduce(sending, { type: 'keyFailed', unavailable: false, serverMessage: SECURITY_KEY_MESSAGES.cancelled })).toEqual({ ...KEY, error: SECURITY_KEY_MESSAGES.cancelled });
    expect(reduce(sending, { type: 'keyFailed', unavailable: true, serverMessage: null })).toEqual({ ...KEY, error: MFA_PANEL_MESSAGES.keyAddFailed });
    expect(reduce(sending, { type: 'keyFailed', unavailable: false, serverMessage: AUTH_MESSAGES.incorrectPassword })).toEqual({
      ...KEY,
      password: '',
      passwordError: AUTH_MESSAGES.incorrectPassword,
    });
  });

  it('stepCancelled backs out to complete when two-factor is on, else to the methods', () => {
    expect(reduce({ ...KEY, enabled: true }, { type: 'stepCancelled' })).toMatchObject({ step: 'complete', password: '' });
    expect(reduce(KEY, { type: 'stepCancelled' }).step).toBe('method');
  });

  it('removing asks for the password in its own field, then drops the key from the list', () => {
    const listed = { ...COMPLETE, factors: [APP, YUBIKEY] };
    const asking = reduce(listed, { type: 'removeAsked', factor: YUBIKEY });
    expect(asking).toMatchObject({ removing: YUBIKEY, removePassword: '', password: 'Secret-123!' });
    expect(reduce(asking, { type: 'removeSubmitted' })).toMatchObject({ removePasswordError: AUTH_MESSAGES.currentPasswordRequired, busy: false });
    const sending = reduce(reduce(asking, { type: 'removePasswordTyped', value: 'pw' }), { type: 'removeSubmitted' });
    expect(sending.busy).toBe(true);
    expect(reduce(sending, { type: 'keyRemoved', id: YUBIKEY.id })).toMatchObject({ factors: [APP], removing: null, success: SECURITY_KEY_MESSAGES.removed, busy: false });
    expect(reduce(asking, { type: 'removeCancelled' })).toMatchObject({ removing: null });
  });

  it('a refused removal keeps the dialog for a wrong password, and closes it to show any other refusal', () => {
    const sending = { ...COMPLETE, factors: [YUBIKEY], removing: YUBIKEY, removePassword: 'pw', busy: true };
    expect(reduce(sending, { type: 'removeFailed', unavailable: false, serverMessage: AUTH_MESSAGES.incorrectPassword })).toMatchObject({
      removing: YUBIKEY,
      removePassword: '',
      removePasswordError: AUTH_MESSAGES.incorrectPassword,
      busy: false,
    });
    expect(reduce(sending, { type: 'removeFailed', unavailable: false, serverMessage: SECURITY_KEY_MESSAGES.lastFactor })).toMatchObject({
      removing: null,
      error: SECURITY_KEY_MESSAGES.lastFactor,
      factors: [YUBIKEY],
      busy: false,
    });
  });

  it('disableWithKeyStarted needs the password before the browser asks for the key', () => {
    expect(reduce({ ...COMPLETE, password: '' }, { type: 'disableWithKeyStarted' })).toMatchObject({ passwordError: AUTH_MESSAGES.currentPasswordRequired, busy: false });
    expect(reduce(COMPLETE, { type: 'disableWithKeyStarted' })).toMatchObject({ passwordError: null, busy: true });
  });
});

describe('two-factor machine: new backup codes', () => {
  it('regenerateAsked opens the question; regenerateCancelled closes it', () => {
    const asking = reduce(COMPLETE, { type: 'regenerateAsked' });
    expect(asking).toEqual({ ...COMPLETE, confirmRegenerate: true });
    expect(reduce(asking, { type: 'regenerateCancelled' })).toEqual(COMPLETE);
  });

  it('backupCodesRequested closes the question, clears the error and goes busy', () => {
    expect(reduce({ ...COMPLETE, confirmRegenerate: true, error: 'old' }, { type: 'backupCodesRequested' })).toEqual({ ...COMPLETE, busy: true });
  });

  it('backupCodesLoaded replaces the codes; backupCodesFailed shows the server message or unavailable', () => {
    const requesting = { ...COMPLETE, busy: true };
    expect(reduce(requesting, { type: 'backupCodesLoaded', codes: ['NEW'] })).toEqual({ ...COMPLETE, backupCodes: ['NEW'] });
    expect(reduce(requesting, { type: 'backupCodesFailed', serverMessage: 'Needs aal2' })).toEqual({ ...COMPLETE, error: 'Needs aal2' });
    expect(reduce(requesting, { type: 'backupCodesFailed', serverMessage: null })).toEqual({ ...COMPLETE, error: MFA_PANEL_MESSAGES.unavailable });
  });
});
