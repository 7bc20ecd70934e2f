import { generate, generateSecret, generateURI, verify } from 'otplib';
import { MFA_ACCEPT_PAST_SECONDS, MFA_CODE_LENGTH, MFA_PERIOD_SECONDS, PRODUCT_NAME } from '@paycadence/contracts';

/** 20 random bytes (160 bits; otplib requires at least 16), Base32 for authenticator apps. */
export const TOTP_SECRET_BYTES = 20;
/**
 * docs/product/accounts.md §9: codes from the last 2 minutes are accepted (4 past steps of 30 s); one step ahead covers a
 * phone clock a little fast. A step once accepted is never accepted again (replay).
 */
export const TOTP_TOLERANCE: [number, number] = [MFA_ACCEPT_PAST_SECONDS, MFA_PERIOD_SECONDS];

export function newTotpSecret(): string {
  return generateSecret({ length: TOTP_SECRET_BYTES });
}

export function totpUri(secret: string, accountEmail: string): string {
  return generateURI({ issuer: PRODUCT_NAME, label: accountEmail, secret, digits: MFA_CODE_LENGTH, period: MFA_PERIOD_SECONDS });
}

/** The code for `at` (tests and the benchmark use it; the service only verifies). */
export function totpCode(secret: string, at: Date): Promise<string> {
  return generate({ secret, epoch: Math.floor(at.getTime() / 1000), digits: MFA_CODE_LENGTH, period: MFA_PERIOD_SECONDS });
}

/**
 * Checks a 6-digit code at `at`. Returns the 30-second step it belongs to, or null when it is wrong, outside
 * the window, or at or before `lastUsedStep` (already used: docs/security.md, codes cannot be replayed).
 */
export async function verifyTotp(secret: string, code: string, at: Date, lastUsedStep: number | null): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(at.getTime() / 1000),
    digits: MFA_CODE_LENGTH,
    period: MFA_PERIOD_SECONDS,
    epochTolerance: TOTP_TOLERANCE,
    ...(lastUsedStep !== null ? { afterTimeStep: lastUsedStep } : {}),
  }).catch(() => ({ valid: false as const }));
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}
