import { AUTH_MESSAGES } from '@paycadence/contracts';

/** docs/product/accounts.md §8 two-factor texts the panel shows (the contract holds those the server shares). */
export const MFA_PANEL_MESSAGES = {
  unavailable: 'MFA service temporarily unavailable. Backend server may not be running.',
  unavailableEnsure: 'MFA service temporarily unavailable. Please ensure the backend server is running.',
  setupFailed: AUTH_MESSAGES.mfaSetupFailed,
  invalidCode: AUTH_MESSAGES.invalidCodeShort,
  enableFailed: AUTH_MESSAGES.mfaEnableFailed,
  disableFailed: AUTH_MESSAGES.mfaDisableFailed,
  signInFirst: 'Please log in to manage two-factor authentication.',
  // docs/product/accounts.md §5: the panel's wording has no final period.
  codeFormat: AUTH_MESSAGES.mfaCodeFormatPanel,
  /** Turning two-factor off takes the app's code or a backup code (XXXXX-XXXXX). */
  disableCodeFormat: 'Please enter the 6-digit code from your app or one of your backup codes',
  /** The app added to an account whose keys had already turned two-factor on (no new backup codes then). */
  appAdded: 'Authenticator app added.',
  keyAddFailed: 'Failed to add the security key. Please try again.',
  keyRemoveFailed: 'Failed to remove the security key. Please try again.',
} as const;

/** The longest second factor the disable form sends (the contract's limit: a backup code, with room to spare). */
export const DISABLE_CODE_MAX_LENGTH = 32;

/** The two ways through the panel: the app (scan, then prove a code) and a key (one browser ceremony). */
export const MFA_STEPS = ['check', 'method', 'setup', 'verify', 'complete'] as const;
export const MFA_KEY_STEPS = ['check', 'method', 'key', 'complete'] as const;
export type MfaStep = (typeof MFA_STEPS)[number] | (typeof MFA_KEY_STEPS)[number];
export const MFA_STEP_LABELS: Record<MfaStep, string> = {
  check: 'Check',
  method: 'Choose method',
  setup: 'Set up',
  verify: 'Verify',
  key: 'Add key',
  complete: 'Complete',
};

/** What the complete view says the account asks for at sign-in, naming the factors it has. */
export function secondFactorSummary(appOn: boolean, keyCount: number): string {
  const keys = keyCount === 1 ? 'your security key' : 'one of your security keys';
  if (appOn && keyCount > 0)
    return `Your account asks for a code from your authenticator app or ${keys} each time you sign in.`;
  if (appOn) return 'Your account asks for a code from your authenticator app each time you sign in.';
  if (keyCount > 0) return `Your account asks for ${keys} each time you sign in.`;
  return 'Your account asks for a second step each time you sign in.';
}

/** docs/product/accounts.md §9: a 30 s rotation; seconds left in the current code's window. */
export function secondsUntilRotation(nowMs: number, periodSeconds = 30): number {
  return periodSeconds - (Math.floor(nowMs / 1000) % periodSeconds);
}
