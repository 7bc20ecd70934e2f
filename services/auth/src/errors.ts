import { ACCOUNT_DATA_MESSAGES, AUTH_MESSAGES, EMAIL_CONFIRMATION_MESSAGES, SECURITY_KEY_MESSAGES } from '@paycadence/contracts';
import { domainErrorClass, refusalFields, type DomainErrorCatalog, type DomainErrorSpec } from '@paycadence/nest-kit';

/** A two-factor step the screens read as a result: `{success: false, error, message}` (docs/product/accounts.md §7). */
const refused = (status: number, message: string): DomainErrorSpec => ({ status, message, fields: refusalFields(message) });

/** Auth error codes, their HTTP status and the product's message (docs/conventions.md §5); the shared filter answers. */
export const AUTH_ERRORS = {
  INVALID_CREDENTIALS: { status: 401, message: AUTH_MESSAGES.invalidCredentials },
  TOO_MANY_ATTEMPTS: { status: 429, message: AUTH_MESSAGES.tooManyAttempts },
  ACCOUNT_SUSPENDED: { status: 403, message: AUTH_MESSAGES.suspended },
  EMAIL_TAKEN: { status: 409, message: AUTH_MESSAGES.emailTaken },
  SESSION_EXPIRED: { status: 401, message: AUTH_MESSAGES.sessionExpired },
  INVALID_REFRESH_TOKEN: { status: 401, message: AUTH_MESSAGES.invalidRefreshToken },
  /** POST /api/auth/refresh without the CSRF header, or from another site. */
  CROSS_SITE_REFUSED: { status: 403, message: AUTH_MESSAGES.crossSiteRefused },
  INVALID_RESET_LINK: { status: 401, message: AUTH_MESSAGES.invalidResetLink },
  PROFILE_LOGIN_AGAIN: { status: 401, message: AUTH_MESSAGES.profileLoginAgain },
  MFA_OTHER_USER: { status: 403, message: AUTH_MESSAGES.mfaOtherUser },
  MFA_ALREADY_ENABLED: refused(409, AUTH_MESSAGES.mfaAlreadyEnabled),
  MFA_NOT_ENABLED: refused(400, AUTH_MESSAGES.mfaNotEnabled),
  MFA_SETUP_FIRST: refused(400, AUTH_MESSAGES.mfaSetupFirst),
  MFA_CODE_INVALID: refused(400, AUTH_MESSAGES.invalidCodeShort),
  /** Enabling or disabling 2FA re-asks the password; a wrong one is answered like a wrong code. */
  MFA_PASSWORD_INCORRECT: refused(400, AUTH_MESSAGES.incorrectPassword),
  // A stolen password (an aal1 session) must not be able to mint backup codes.
  BACKUP_CODES_NEED_TWO_FACTOR: refused(403, AUTH_MESSAGES.backupCodesNeedTwoFactor),
  /** The sign-in second step answers `{valid: false, message}` (docs/product/accounts.md §7, POST /api/mfa/verify). */
  SIGN_IN_CODE_INVALID: { status: 401, message: AUTH_MESSAGES.invalidCode, fields: { valid: false } },
  // Security keys and passkeys (docs/passkeys.md): managing them answers like the other two-factor changes.
  KEY_CHALLENGE_EXPIRED: refused(400, SECURITY_KEY_MESSAGES.challengeExpired),
  KEY_NOT_VERIFIED: refused(400, SECURITY_KEY_MESSAGES.notVerified),
  KEY_ALREADY_ADDED: refused(409, SECURITY_KEY_MESSAGES.alreadyAdded),
  KEY_LIMIT: refused(409, SECURITY_KEY_MESSAGES.tooMany),
  KEY_NOT_FOUND: refused(404, SECURITY_KEY_MESSAGES.keyNotFound),
  KEY_LAST_FACTOR: refused(400, SECURITY_KEY_MESSAGES.lastFactor),
  /** A sign-in with a key that did not verify answers like a wrong code: `{valid: false, message}`. */
  SIGN_IN_KEY_INVALID: { status: 401, message: SECURITY_KEY_MESSAGES.notVerified, fields: { valid: false } },
  /** The counter went backwards: a copy of the key signed. Refused and recorded (auth.security-key-cloned). */
  KEY_CLONED: { status: 403, message: SECURITY_KEY_MESSAGES.cloned, fields: { valid: false } },
  PASSKEY_UNKNOWN: { status: 401, message: SECURITY_KEY_MESSAGES.unknownPasskey },
  PASSKEY_NOT_USER_VERIFIED: { status: 401, message: SECURITY_KEY_MESSAGES.userVerificationNeeded },
  // Your data, yours: deleting the account re-asks the password, and the code when 2FA is on.
  ACCOUNT_PASSWORD_INCORRECT: { status: 400, message: ACCOUNT_DATA_MESSAGES.passwordIncorrect },
  ACCOUNT_CODE_REQUIRED: { status: 400, message: ACCOUNT_DATA_MESSAGES.codeRequired },
  ACCOUNT_CODE_INVALID: { status: 400, message: ACCOUNT_DATA_MESSAGES.codeInvalid },
  ADMIN_ACCOUNT_NOT_DELETABLE: { status: 403, message: ACCOUNT_DATA_MESSAGES.adminNotDeletable },
  // Proving the e-mail address: each way a link can fail has its own words (docs/email-addresses.md).
  CONFIRMATION_LINK_INVALID: { status: 400, message: EMAIL_CONFIRMATION_MESSAGES.invalidLink },
  CONFIRMATION_LINK_USED: { status: 409, message: EMAIL_CONFIRMATION_MESSAGES.usedLink },
  CONFIRMATION_LINK_EXPIRED: { status: 410, message: EMAIL_CONFIRMATION_MESSAGES.expiredLink },
  CONFIRMATION_MAIL_FAILED: { status: 503, message: EMAIL_CONFIRMATION_MESSAGES.failed },
  /** A service did not answer the export (nothing is sent rather than part of it). */
  ACCOUNT_DATA_UNAVAILABLE: { status: 503, message: ACCOUNT_DATA_MESSAGES.exportFailed },
} as const satisfies DomainErrorCatalog;
export type AuthErrorCode = keyof typeof AUTH_ERRORS;

export class AuthError extends domainErrorClass(AUTH_ERRORS) {}

/** 409 naming the field, as the registration form shows it. */
export const emailTakenError = () => new AuthError('EMAIL_TAKEN', { email: AUTH_MESSAGES.emailTaken });

export function isAuthError(error: unknown, code: AuthErrorCode): error is AuthError {
  return error instanceof AuthError && error.code === code;
}
