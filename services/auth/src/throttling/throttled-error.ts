import { AUTH_MESSAGES, EMAIL_CONFIRMATION_MESSAGES, THROTTLE_MESSAGES } from '@paycadence/contracts';
import { retryAfter } from '@paycadence/nest-kit';
import { AuthError } from '../errors.js';

/**
 * Which limit answered: the (account, client) pair, the client across accounts, the account's slowing (password
 * or second factor), 2FA-settings codes per account, registrations or reset requests per client.
 */
export type ThrottleScope =
  | 'pair'
  | 'client'
  | 'account'
  | 'second-factor'
  | 'two-factor-settings'
  | 'registration'
  | 'password-reset'
  | 'confirmation-email'
  | 'confirmation-email-daily'
  | 'passkey';

const MESSAGES: Record<ThrottleScope, (seconds: number) => string> = {
  // The product's wording stays for the hard limits (its "15 minutes" is the window; Retry-After is exact).
  pair: () => AUTH_MESSAGES.tooManyAttempts,
  client: () => AUTH_MESSAGES.tooManyAttempts,
  'two-factor-settings': () => AUTH_MESSAGES.tooManyAttempts,
  account: THROTTLE_MESSAGES.accountSlowed,
  'second-factor': THROTTLE_MESSAGES.accountSlowed,
  registration: THROTTLE_MESSAGES.registration,
  'password-reset': THROTTLE_MESSAGES.passwordReset,
  'confirmation-email': EMAIL_CONFIRMATION_MESSAGES.resendWait,
  'confirmation-email-daily': EMAIL_CONFIRMATION_MESSAGES.resendDailyLimit,
  passkey: () => AUTH_MESSAGES.tooManyAttempts,
};

/**
 * A throttle's 429: AuthError's TOO_MANY_ATTEMPTS (so the lockout audit sees it), with the wait in the message
 * where docs/product gives none, in `Retry-After` and in the body's `retryAfterSeconds` (a script need not parse
 * the text).
 */
export class ThrottledError extends AuthError {
  override readonly headers: Record<string, string>;
  override readonly fields: Record<string, unknown>;

  constructor(
    readonly scope: ThrottleScope,
    readonly retryAfterSeconds: number,
  ) {
    super('TOO_MANY_ATTEMPTS');
    const wait = retryAfter(retryAfterSeconds);
    this.message = MESSAGES[scope](wait.seconds);
    this.headers = wait.headers;
    this.fields = wait.fields;
  }
}
