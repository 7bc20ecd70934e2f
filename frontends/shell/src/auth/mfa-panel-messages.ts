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
} as const;

export const MFA_STEPS = ['check', 'method', 'setup', 'verify', 'complete'] as const;
export type MfaStep = (typeof MFA_STEPS)[number];
export const MFA_STEP_LABELS: Record<MfaStep, string> = {
  check: 'Check',
  method: 'Choose method',
  setup: 'Set up',
  verify: 'Verify',
  complete: 'Complete',
};

/** docs/product/accounts.md §9: a 30 s rotation; seconds left in the current code's window. */
export function secondsUntilRotation(nowMs: number, periodSeconds = 30): number {
  return periodSeconds - (Math.floor(nowMs / 1000) % periodSeconds);
}
