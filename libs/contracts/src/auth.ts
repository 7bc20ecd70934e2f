import { z } from 'zod';
import { boundedText, EMAIL_MAX_LENGTH, emailAddressField, safeString, withinLength } from './text.js';

// ---------------------------------------------------------------------------------------------------------
// Constants (docs/product/accounts.md §9, docs/security.md)
// ---------------------------------------------------------------------------------------------------------

/** Access tokens live 15 minutes (docs/security.md: short-lived); `expires_in` of a session. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** The challenge token between password and second factor. */
export const MFA_TOKEN_TTL_SECONDS = 5 * 60;
/** The recovery token carried by a reset link. */
export const RECOVERY_TOKEN_TTL_SECONDS = 60 * 60;
/** A refresh token is good for 30 days (each rotation issues a fresh one). */
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;
/** The set-password link e-mailed when an admin approves a waitlist entry (single use, like a reset link). */
export const SET_PASSWORD_TOKEN_TTL_SECONDS = 3 * 24 * 60 * 60;

/**
 * Suspension that takes effect. When auth suspends an account it writes
 * `${SUSPENDED_ACCOUNT_KEY_PREFIX}${userId}` in Redis, living as long as an access token can (a token issued
 * before is expired by then), and publishes `{userId, status}` on ACCOUNT_STATUS_CHANNEL; activation deletes
 * the key. Every service's AuthGuard refuses such a user's tokens: at once through the channel, and within
 * ACCOUNT_STATUS_CACHE_MS through its per-user cache should a message be missed.
 */
export const SUSPENDED_ACCOUNT_KEY_PREFIX = 'paycadence:suspended:';
export const ACCOUNT_STATUS_CHANNEL = 'paycadence:account-status';
export const ACCOUNT_STATUS_CACHE_MS = 30_000;

/**
 * The cookie session (docs/security.md). The refresh token lives only in this HttpOnly,
 * Secure, SameSite=Strict cookie, scoped to the one route that reads it, so no script ever sees it; the access
 * token stays in the page's memory. Non-browser callers send `Cookie: paycadence_refresh=<token>` themselves.
 */
export const REFRESH_COOKIE = { name: 'paycadence_refresh', path: '/api/auth/refresh' } as const;
/**
 * CSRF defence of the only cookie-authenticated route (POST /api/auth/refresh): this header must be present
 * (a cross-site form cannot set it, and a cross-site fetch that sets it needs a CORS preflight we never grant).
 */
export const CSRF_HEADER = { name: 'X-Requested-With', value: 'XMLHttpRequest' } as const;
/**
 * Signing out ends the session everywhere at once (the product's promise): auth writes
 * `${REVOKED_SESSION_KEY_PREFIX}${sid}` for a revoked refresh family, living as long as an access token can
 * (ACCESS_TOKEN_TTL_SECONDS), and publishes `{sessionId, status: 'revoked'}` on ACCOUNT_STATUS_CHANNEL; every
 * AuthGuard refuses access tokens whose `sid` is that family, exactly like a suspension.
 */
export const REVOKED_SESSION_KEY_PREFIX = 'paycadence:revoked-session:';
/**
 * Sign-in throttling, shaped like the large identity providers': a hard limit per IP or
 * per account alone locks out the innocent (everyone behind a school's, office's or carrier's NAT; any account
 * whose address a stranger knows). So, every failed password or 2FA code counts in three places, all counted
 * BEFORE the attempt is evaluated:
 * - the (account, client) pair: LOGIN_MAX_FAILURES in the window, then 429 for that pair only, so a guesser
 *   from one address is stopped while the same account from elsewhere and other accounts from here go on;
 * - the client across accounts: LOGIN_CLIENT_MAX_FAILURES, ten times higher (a shared address carries many
 *   people's typos), still stopping a password sprayer that tries one password on many accounts;
 * - the account across clients: no lock at all (anyone could lock anyone), but after LOGIN_ACCOUNT_FREE_FAILURES
 *   each further attempt waits LOGIN_ACCOUNT_DELAY (1 s doubling up to 60 s) after the previous failure, so a
 *   botnet gets about one guess a minute while the owner waits at most a minute; a client the account has
 *   completed a sign-in from in the last LOGIN_KNOWN_CLIENT_SECONDS is not slowed for the password.
 * "Client" is the address the trusted proxies report (TRUSTED_PROXIES): an IPv4 address, or an IPv6 address's
 * /64 (one subscriber's allocation, which can hold billions of addresses). A full sign-in resets the pair and
 * the account; a right answer gives its place back.
 */
export const LOGIN_MAX_FAILURES = 10;
export const LOGIN_FAILURE_WINDOW_SECONDS = 15 * 60;
export const LOGIN_CLIENT_MAX_FAILURES = 100;
export const LOGIN_ACCOUNT_FREE_FAILURES = 10;
export const LOGIN_ACCOUNT_DELAY = { firstSeconds: 1, maxSeconds: 60 } as const;
export const LOGIN_KNOWN_CLIENT_SECONDS = 30 * 24 * 60 * 60;
export const CLIENT_IPV6_PREFIX_BITS = 64;
/**
 * Wider IPv6 prefixes counted too: providers route a /56 or /48 to one subscriber and
 * tunnel brokers hand out /48s free (6to4 gives one IPv4 host a /48), which would multiply the per-client
 * limit by up to 65,536 /64s. A failed sign-in from IPv6 also counts on its /56 and /48, with higher limits
 * (4x and 16x LOGIN_CLIENT_MAX_FAILURES: a /48 may be a whole office or campus of /64s).
 */
export const CLIENT_IPV6_WIDER_PREFIXES = [
  { bits: 56, maxFailures: 4 * LOGIN_CLIENT_MAX_FAILURES },
  { bits: 48, maxFailures: 16 * LOGIN_CLIENT_MAX_FAILURES },
] as const;
/**
 * OWASP's "device cookie": after a full sign-in auth sets this signed (HMAC-SHA256 of
 * the account and a random id, key derived from auth's key material), HttpOnly, Secure, SameSite=Strict cookie,
 * sent only to the sign-in route. A browser presenting a valid one for the account it signs in to is exempt
 * from the account's slowing (never from the pair or client limits), so an attacker who keeps an account
 * slowed cannot keep its owner out on a new address. One account per browser (the latest full sign-in);
 * valid LOGIN_KNOWN_CLIENT_SECONDS.
 */
export const DEVICE_COOKIE = { name: 'paycadence_device', path: '/api/auth/login' } as const;
/**
 * Registration runs argon2 on every call: at most this many per client an hour, refused (429) before any
 * hashing. 100 is Firebase Authentication's published per-IP figure, high enough for a class signing up
 * behind one address.
 */
export const REGISTRATION_MAX_PER_CLIENT = 100;
export const REGISTRATION_WINDOW_SECONDS = 60 * 60;
/** Reset requests per client an hour (on top of one e-mail a minute per address): bulk mailing stops here. */
export const PASSWORD_RESET_MAX_PER_CLIENT = 20;
export const PASSWORD_RESET_WINDOW_SECONDS = 60 * 60;
/** At most one reset e-mail per address in this many seconds. */
export const RESET_EMAIL_INTERVAL_SECONDS = 60;

/** "N seconds" below two minutes, else "N minutes" (rounded up): the wait a throttle's 429 names. */
export function waitText(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < 120) return `${whole} ${whole === 1 ? 'second' : 'seconds'}`;
  if (whole <= 2 * 3600) return `${Math.ceil(whole / 60)} minutes`;
  return `${Math.ceil(whole / 3600)} hours`;
}

/** The throttles' 429 texts beyond the product's AUTH_MESSAGES.tooManyAttempts (which stays for pair and client). */
export const THROTTLE_MESSAGES = {
  /** The account's slowing (a password, or a 2FA code at sign-in). */
  accountSlowed: (seconds: number) =>
    `Too many failed attempts for this account. Please wait ${waitText(seconds)} and try again.`,
  registration: (seconds: number) => `Too many sign-ups from your network. Please try again in ${waitText(seconds)}.`,
  passwordReset: (seconds: number) =>
    `Too many password reset requests from your network. Please try again in ${waitText(seconds)}.`,
} as const;
/** docs/product/accounts.md §9: MFA code length 6, rotation 30 s, previous codes accepted 2 minutes. */
export const MFA_CODE_LENGTH = 6;
export const MFA_PERIOD_SECONDS = 30;
export const MFA_ACCEPT_PAST_SECONDS = 120;
export const BACKUP_CODE_COUNT = 10;
/** docs/product/accounts.md §9: minimum age and password minimums. */
export const MINIMUM_AGE_YEARS = 18;
export const PASSWORD_MIN_LENGTH = 8;
export const ADMIN_CREATED_PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
/** docs/product/accounts.md §9: the web session's self-refresh (tick 30 s, refresh at 3 ticks or fewer, backoff 200 ms doubling). */
export const SESSION_REFRESH = {
  tickMs: 30_000,
  refreshWhenTicksLeft: 3,
  expiryMarginSeconds: 90,
  retryBackoffStartMs: 200,
} as const;
/** docs/product/accounts.md §5: the special characters the password rule asks for. */
export const PASSWORD_SPECIAL_CHARACTERS = '@$!%*?&';

export const ROLES = ['user', 'admin'] as const;
export type AuthRole = (typeof ROLES)[number];
/** docs/product/accounts.md §3: role labels. */
export const ROLE_LABELS: Record<AuthRole, string> = { user: 'Standard User', admin: 'Administrator' };
export const USER_STATUSES = ['active', 'suspended'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

// ---------------------------------------------------------------------------------------------------------
// Messages (verbatim from docs/product/accounts.md §4, §5, §8 where docs/product gives them)
// ---------------------------------------------------------------------------------------------------------

export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  tooManyAttempts: 'Too many failed sign-in attempts. Please try again in 15 minutes.',
  suspended: 'Your account has been suspended. Please contact support.',
  emailTaken: 'An account with this email already exists. Please sign in instead.',
  forgotPasswordSent: 'If an account with that email exists, a password reset link has been sent.',
  forgotPasswordFailed: 'Failed to send reset email',
  mfaLoginPrompt: 'Please enter your 2FA code to complete login.',
  invalidCode: 'Invalid verification code. Please try again.',
  invalidCodeShort: 'Invalid verification code',
  mfaCodeFormat: 'Please enter a 6-digit verification code.',
  mfaCodeFormatPanel: 'Please enter a 6-digit verification code',
  mfaVerifyFailed: 'Failed to verify MFA code. Please try again.',
  mfaAlreadyEnabled: 'Two-factor authentication is already enabled',
  mfaNotEnabled: 'Two-factor authentication is not enabled',
  mfaSetupFirst: 'Start two-factor setup first',
  mfaOtherUser: 'You can only manage two-factor authentication for your own account.',
  /** New backup codes need a session that passed the second factor (aal2), not the password alone. */
  backupCodesNeedTwoFactor: 'Please sign in with your two-factor code to create new backup codes.',
  mfaSetupFailed: 'Failed to setup MFA',
  mfaEnableFailed: 'Failed to enable MFA',
  mfaDisableFailed: 'Failed to disable MFA',
  sessionExpired: 'Your session has expired. Please sign in again.',
  invalidRefreshToken: 'Your session has expired. Please sign in again.',
  authenticationRequired: 'Authentication required',
  /** POST /api/auth/refresh without the CSRF header, or from another site (403). */
  crossSiteRefused: 'This request must come from the PayCadence app itself. Please reload the page and try again.',
  /** Enabling or disabling 2FA asks for the password again. */
  incorrectPassword: 'Incorrect password',
  currentPasswordRequired: 'Please enter your current password',
  invalidResetLink: 'Invalid reset link. Please request a new password reset.',
  passwordResetSuccess: 'Password reset successfully! Redirecting to login...',
  passwordResetFailed: 'Failed to reset password',
  registrationFailed: 'Registration failed. Please try again.',
  profileUpdated: 'Profile updated successfully!',
  profileUpdateFailed: 'Failed to update profile. Please try again.',
  profileLoginAgain: 'Please log in again to update your profile.',
  networkError: 'Network error. Please try again.',
} as const;

export const REGISTRATION_MESSAGES = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordTooLong: 'Password must be at most 128 characters',
  passwordWeak: 'Password must contain uppercase, lowercase, number, and special character',
  passwordHint:
    'Password must contain at least 8 characters with uppercase, lowercase, number, and special character.',
  confirmPasswordRequired: 'Please confirm your password',
  passwordsMismatch: 'Passwords do not match',
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Please enter a valid phone number',
  dateOfBirthRequired: 'Date of birth is required',
  dateOfBirthInvalid: 'Please enter a valid date of birth',
  tooYoung: 'You must be at least 18 years old to register',
  streetRequired: 'Street address is required',
  cityRequired: 'City is required',
  stateRequired: 'State is required',
  stateInvalid: 'Please choose a US state',
  zipRequired: 'ZIP code is required',
  zipInvalid: 'Please enter a valid ZIP code',
  ssnRequired: 'Last 4 digits of SSN are required',
  ssnInvalid: 'Please enter exactly 4 digits',
  termsRequired: 'You must agree to the Terms of Service',
  privacyRequired: 'You must agree to the Privacy Policy',
} as const;

// ---------------------------------------------------------------------------------------------------------
// The 50 US states (docs/product/accounts.md §2: state chosen from the 50 US states)
// ---------------------------------------------------------------------------------------------------------

export const US_STATES = [
  { code: 'AL', name: 'Alabama' },
  { code: 'AK', name: 'Alaska' },
  { code: 'AZ', name: 'Arizona' },
  { code: 'AR', name: 'Arkansas' },
  { code: 'CA', name: 'California' },
  { code: 'CO', name: 'Colorado' },
  { code: 'CT', name: 'Connecticut' },
  { code: 'DE', name: 'Delaware' },
  { code: 'FL', name: 'Florida' },
  { code: 'GA', name: 'Georgia' },
  { code: 'HI', name: 'Hawaii' },
  { code: 'ID', name: 'Idaho' },
  { code: 'IL', name: 'Illinois' },
  { code: 'IN', name: 'Indiana' },
  { code: 'IA', name: 'Iowa' },
  { code: 'KS', name: 'Kansas' },
  { code: 'KY', name: 'Kentucky' },
  { code: 'LA', name: 'Louisiana' },
  { code: 'ME', name: 'Maine' },
  { code: 'MD', name: 'Maryland' },
  { code: 'MA', name: 'Massachusetts' },
  { code: 'MI', name: 'Michigan' },
  { code: 'MN', name: 'Minnesota' },
  { code: 'MS', name: 'Mississippi' },
  { code: 'MO', name: 'Missouri' },
  { code: 'MT', name: 'Montana' },
  { code: 'NE', name: 'Nebraska' },
  { code: 'NV', name: 'Nevada' },
  { code: 'NH', name: 'New Hampshire' },
  { code: 'NJ', name: 'New Jersey' },
  { code: 'NM', name: 'New Mexico' },
  { code: 'NY', name: 'New York' },
  { code: 'NC', name: 'North Carolina' },
  { code: 'ND', name: 'North Dakota' },
  { code: 'OH', name: 'Ohio' },
  { code: 'OK', name: 'Oklahoma' },
  { code: 'OR', name: 'Oregon' },
  { code: 'PA', name: 'Pennsylvania' },
  { code: 'RI', name: 'Rhode Island' },
  { code: 'SC', name: 'South Carolina' },
  { code: 'SD', name: 'South Dakota' },
  { code: 'TN', name: 'Tennessee' },
  { code: 'TX', name: 'Texas' },
  { code: 'UT', name: 'Utah' },
  { code: 'VT', name: 'Vermont' },
  { code: 'VA', name: 'Virginia' },
  { code: 'WA', name: 'Washington' },
  { code: 'WV', name: 'West Virginia' },
  { code: 'WI', name: 'Wisconsin' },
  { code: 'WY', name: 'Wyoming' },
] as const;
export type UsStateCode = (typeof US_STATES)[number]['code'];
export const US_STATE_CODES = US_STATES.map((state) => state.code) as UsStateCode[];
/** docs/product/accounts.md §2 (profile): the profile page offers only these. */
export const PROFILE_STATE_CODES = ['AL', 'CA', 'FL', 'NY', 'TX'] as const;

// ---------------------------------------------------------------------------------------------------------
// Rules (pure; the form and the server share them)
// ---------------------------------------------------------------------------------------------------------

// docs/product/accounts.md §5's simple address rule is isEmailAddress (text.ts): plain code, as the old pattern backtracked.
/** docs/product/accounts.md §5: 10-digit US phone with optional parentheses and separators. */
export const PHONE_PATTERN = /^\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}$/;
/** docs/product/accounts.md §5: 5 digits, optionally plus 4. */
export const ZIP_PATTERN = /^\d{5}(-\d{4})?$/;
/** docs/product/accounts.md §5: exactly 4 digits. */
export const SSN_LAST4_PATTERN = /^\d{4}$/;
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** docs/product/accounts.md §5: a lowercase letter, an uppercase letter, a digit and one of @ $ ! % * ? &. */
export function isStrongPassword(password: string): boolean {
  return /[a-z]/.test(password) && /[A-Z]/.test(password) && /\d/.test(password) && /[@$!%*?&]/.test(password);
}

/** Parses `YYYY-MM-DD` into its parts when it names a real calendar day. */
export function parseCalendarDate(value: string): { year: number; month: number; day: number } | null {
  if (!DATE_PATTERN.test(value)) return null;
  const [year, month, day] = value.split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return { year, month, day };
}

/** Whole years between a `YYYY-MM-DD` birth date and `now` (UTC calendar day). */
export function ageInYears(dateOfBirth: string, now: Date): number | null {
  const birth = parseCalendarDate(dateOfBirth);
  if (!birth) return null;
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  const day = now.getUTCDate();
  const hadBirthday = month > birth.month || (month === birth.month && day >= birth.day);
  return year - birth.year - (hadBirthday ? 0 : 1);
}

// ---------------------------------------------------------------------------------------------------------
// Field schemas
// ---------------------------------------------------------------------------------------------------------

const requiredText = (message: string, max = 100) =>
  boundedText({ required: message, tooLong: `Must be at most ${max} characters`, max });

export const emailField = emailAddressField({
  required: REGISTRATION_MESSAGES.emailRequired,
  invalid: REGISTRATION_MESSAGES.emailInvalid,
  tooLong: 'Email is too long',
});

/** docs/product/accounts.md §5: 8+ characters with uppercase, lowercase, digit and special character. */
export const newPasswordField = z
  .string({ error: REGISTRATION_MESSAGES.passwordRequired })
  .min(1, REGISTRATION_MESSAGES.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, REGISTRATION_MESSAGES.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, REGISTRATION_MESSAGES.passwordTooLong)
  .refine(isStrongPassword, { message: REGISTRATION_MESSAGES.passwordWeak, ...withinLength(PASSWORD_MAX_LENGTH) });

export const phoneField = safeString({ error: REGISTRATION_MESSAGES.phoneRequired })
  .trim()
  .min(1, REGISTRATION_MESSAGES.phoneRequired)
  .max(32, REGISTRATION_MESSAGES.phoneInvalid)
  .regex(PHONE_PATTERN, { message: REGISTRATION_MESSAGES.phoneInvalid, ...withinLength(32) });

export const ssnLast4Field = safeString({ error: REGISTRATION_MESSAGES.ssnRequired })
  .trim()
  .min(1, REGISTRATION_MESSAGES.ssnRequired)
  .max(16, REGISTRATION_MESSAGES.ssnInvalid)
  .regex(SSN_LAST4_PATTERN, { message: REGISTRATION_MESSAGES.ssnInvalid, ...withinLength(16) });

/** Date of birth as `YYYY-MM-DD`, at least 18 years before `now()` (docs/product/accounts.md §5). */
export function dateOfBirthField(now: () => Date = () => new Date()) {
  return safeString({ error: REGISTRATION_MESSAGES.dateOfBirthRequired })
    .trim()
    .min(1, { message: REGISTRATION_MESSAGES.dateOfBirthRequired, abort: true })
    .max(32, { message: REGISTRATION_MESSAGES.dateOfBirthInvalid, abort: true })
    .refine((value) => parseCalendarDate(value) !== null, { message: REGISTRATION_MESSAGES.dateOfBirthInvalid, abort: true })
    .refine((value) => (ageInYears(value, now()) ?? 0) >= MINIMUM_AGE_YEARS, REGISTRATION_MESSAGES.tooYoung);
}

export const stateField = safeString({ error: REGISTRATION_MESSAGES.stateRequired })
  .trim()
  .min(1, REGISTRATION_MESSAGES.stateRequired)
  .refine((value) => (US_STATE_CODES as string[]).includes(value), REGISTRATION_MESSAGES.stateInvalid);

export const AddressSchema = z
  .object({
    street: requiredText(REGISTRATION_MESSAGES.streetRequired, 200),
    city: requiredText(REGISTRATION_MESSAGES.cityRequired),
    state: stateField,
    zipCode: safeString({ error: REGISTRATION_MESSAGES.zipRequired })
      .trim()
      .min(1, REGISTRATION_MESSAGES.zipRequired)
      .max(16, REGISTRATION_MESSAGES.zipInvalid)
      .regex(ZIP_PATTERN, { message: REGISTRATION_MESSAGES.zipInvalid, ...withinLength(16) }),
    /** docs/product/accounts.md §2: country is US. */
    country: z.literal('US', { error: 'Country must be US' }).default('US'),
  }, { error: 'Address is required' })
  .strict();
export type Address = z.infer<typeof AddressSchema>;

const registrationShape = (now: () => Date) => ({
  firstName: requiredText(REGISTRATION_MESSAGES.firstNameRequired),
  lastName: requiredText(REGISTRATION_MESSAGES.lastNameRequired),
  email: emailField,
  password: newPasswordField,
  phone: phoneField,
  dateOfBirth: dateOfBirthField(now),
  address: AddressSchema,
  ssn: ssnLast4Field,
});

/**
 * POST /api/auth/register (docs/product/accounts.md §7 body). The form may also send its confirm field and the two
 * agreement boxes; when present they are checked with the form's messages. Role is never accepted
 * (docs/product/accounts.md §6: sign-up always sets 'user').
 */
export function createRegisterRequestSchema(now: () => Date = () => new Date()) {
  return z
    .object({
      ...registrationShape(now),
      confirmPassword: z.string().optional(),
      agreeTerms: z.boolean().optional(),
      agreePrivacy: z.boolean().optional(),
    })
    .strict()
    .superRefine((value, context) => {
      if (value.confirmPassword !== undefined && value.confirmPassword !== value.password) {
        context.addIssue({ code: 'custom', path: ['confirmPassword'], message: REGISTRATION_MESSAGES.passwordsMismatch });
      }
      if (value.agreeTerms === false) {
        context.addIssue({ code: 'custom', path: ['agreeTerms'], message: REGISTRATION_MESSAGES.termsRequired });
      }
      if (value.agreePrivacy === false) {
        context.addIssue({ code: 'custom', path: ['agreePrivacy'], message: REGISTRATION_MESSAGES.privacyRequired });
      }
    });
}
export const RegisterRequestSchema = createRegisterRequestSchema();
export type RegisterRequest = z.input<typeof RegisterRequestSchema>;
export type RegisterCommand = z.output<typeof RegisterRequestSchema>;

/** The registration form (three sections, docs/product/accounts.md §2): the request plus confirm and both agreements required. */
export function createRegistrationFormSchema(now: () => Date = () => new Date()) {
  return z
    .object({
      ...registrationShape(now),
      confirmPassword: z
        .string({ error: REGISTRATION_MESSAGES.confirmPasswordRequired })
        .min(1, REGISTRATION_MESSAGES.confirmPasswordRequired),
      agreeTerms: z.boolean().refine((value) => value, REGISTRATION_MESSAGES.termsRequired),
      agreePrivacy: z.boolean().refine((value) => value, REGISTRATION_MESSAGES.privacyRequired),
    })
    .superRefine((value, context) => {
      if (value.confirmPassword && value.confirmPassword !== value.password) {
        context.addIssue({ code: 'custom', path: ['confirmPassword'], message: REGISTRATION_MESSAGES.passwordsMismatch });
      }
    });
}
export const RegistrationFormSchema = createRegistrationFormSchema();
export type RegistrationForm = z.input<typeof RegistrationFormSchema>;

/** docs/product/accounts.md §5: sign-in needs email and password (no format check, so a typo gets the same 401). */
export const LoginRequestSchema = z
  .object({
    email: safeString({ error: REGISTRATION_MESSAGES.emailRequired })
      .trim()
      .min(1, REGISTRATION_MESSAGES.emailRequired)
      .max(EMAIL_MAX_LENGTH, 'Email is too long')
      .transform((value) => value.toLowerCase()),
    password: z
      .string({ error: REGISTRATION_MESSAGES.passwordRequired })
      .min(1, REGISTRATION_MESSAGES.passwordRequired)
      .max(1024, 'Password is too long'),
  })
  .strict();
export type LoginRequest = z.input<typeof LoginRequestSchema>;

/** POST /api/auth/refresh: the refresh token comes in the REFRESH_COOKIE, never in a body (`{}` or none). */
export const RefreshRequestSchema = z.object({}).strict();
export type RefreshRequest = z.infer<typeof RefreshRequestSchema>;

/** POST /api/auth/logout: the bearer access token's `sid` says which session ends (`{}` or none). */
export const LogoutRequestSchema = z.object({}).strict();
export type LogoutRequest = z.infer<typeof LogoutRequestSchema>;

/** docs/product/accounts.md §5: forgot password needs an e-mail of e-mail type. */
export const ForgotPasswordRequestSchema = z.object({ email: emailField }).strict();
export type ForgotPasswordRequest = z.input<typeof ForgotPasswordRequestSchema>;

/** POST /api/auth/update-password (bearer: the recovery token of the reset link). */
export const UpdatePasswordRequestSchema = z.object({ password: newPasswordField }).strict();
export type UpdatePasswordRequest = z.infer<typeof UpdatePasswordRequestSchema>;

/** The reset-password screen: both fields required and equal (docs/product/accounts.md §5). */
export const ResetPasswordFormSchema = z
  .object({
    password: newPasswordField,
    confirmPassword: z
      .string({ error: REGISTRATION_MESSAGES.confirmPasswordRequired })
      .min(1, REGISTRATION_MESSAGES.confirmPasswordRequired),
  })
  .refine((value) => value.password === value.confirmPassword, {
    path: ['confirmPassword'],
    message: REGISTRATION_MESSAGES.passwordsMismatch,
  });

/**
 * PUT /api/auth/update-profile (docs/product/accounts.md §7). Every field optional (only those sent change); `email` is
 * accepted and ignored because it never changes (docs/product/accounts.md §5).
 */
export function createUpdateProfileRequestSchema(now: () => Date = () => new Date()) {
  return z
    .object({
      firstName: requiredText(REGISTRATION_MESSAGES.firstNameRequired).optional(),
      lastName: requiredText(REGISTRATION_MESSAGES.lastNameRequired).optional(),
      email: z.unknown().optional(),
      phone: phoneField.optional(),
      dateOfBirth: dateOfBirthField(now).optional(),
      address: AddressSchema.partial().strict().optional(),
      ssn: ssnLast4Field.optional(),
    })
    .strict()
    .transform(({ email: _ignored, ...rest }) => rest);
}
export const UpdateProfileRequestSchema = createUpdateProfileRequestSchema();
export type UpdateProfileRequest = z.input<typeof UpdateProfileRequestSchema>;
export type UpdateProfileCommand = z.output<typeof UpdateProfileRequestSchema>;

// ---------------------------------------------------------------------------------------------------------
// Two-factor (docs/product/accounts.md §7 bodies)
// ---------------------------------------------------------------------------------------------------------

const userIdField = z.string({ error: 'userId is required' }).trim().min(1, 'userId is required').max(64, 'Invalid userId');

/** The second factors an account can have: the authenticator app, and security keys or passkeys (passkeys.ts). */
export const MFA_FACTOR_TYPES = ['totp', 'webauthn'] as const;
export type MfaFactorType = (typeof MFA_FACTOR_TYPES)[number];

/** docs/product/accounts.md §5: digits only, exactly 6. */
export const mfaCodeField = z
  .string({ error: AUTH_MESSAGES.mfaCodeFormat })
  .trim()
  .regex(/^\d{6}$/, AUTH_MESSAGES.mfaCodeFormat);

export const MfaSetupRequestSchema = z
  .object({ userId: userIdField, userEmail: z.string().max(254).optional() })
  .strict();
export type MfaSetupRequest = z.infer<typeof MfaSetupRequestSchema>;

/** The account's current password, asked again before a two-factor change (re-authentication). */
export const currentPasswordField = z
  .string({ error: AUTH_MESSAGES.currentPasswordRequired })
  .min(1, AUTH_MESSAGES.currentPasswordRequired)
  .max(1024, 'Password is too long');

/** enable / disable: a current authenticator code and the current password. */
export const MfaCodeRequestSchema = z.object({ userId: userIdField, token: mfaCodeField, password: currentPasswordField }).strict();
export type MfaCodeRequest = z.infer<typeof MfaCodeRequestSchema>;

/** verify during sign-in: a 6-digit code or a backup code (`XXXXX-XXXXX`, dash and case optional). */
export const MfaVerifyRequestSchema = z
  .object({
    userId: userIdField,
    token: z
      .string({ error: AUTH_MESSAGES.mfaCodeFormat })
      .trim()
      .min(6, AUTH_MESSAGES.mfaCodeFormat)
      .max(32, AUTH_MESSAGES.invalidCode),
  })
  .strict();
export type MfaVerifyRequest = z.infer<typeof MfaVerifyRequestSchema>;

// ---------------------------------------------------------------------------------------------------------
// Responses (docs/security.md)
// ---------------------------------------------------------------------------------------------------------

export const AuthUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  status: z.enum(USER_STATUSES),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phone: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  address: z
    .object({ street: z.string(), city: z.string(), state: z.string(), zipCode: z.string(), country: z.string() })
    .partial()
    .nullable(),
  created_at: z.string(),
  mfa_enabled: z.boolean(),
  /** The owner opened a link mailed to the address (docs/email-addresses.md); until then the dashboard shows a banner. */
  email_confirmed: z.boolean(),
  /** Last 4 of the SSN: only in `me` and `update-profile` answers (the profile screen), never in sign-in answers. */
  ssn: z.string().nullable().optional(),
});
export type AuthUser = z.infer<typeof AuthUserSchema>;

/** The refresh token is never in a body (a script could read it): it comes as the REFRESH_COOKIE. */
export const AuthSessionSchema = z.object({
  access_token: z.string(),
  expires_in: z.number(),
  /** Unix seconds when the access token expires. */
  expires_at: z.number(),
  token_type: z.literal('bearer'),
});
export type AuthSession = z.infer<typeof AuthSessionSchema>;

export const SessionResponseSchema = z.object({ user: AuthUserSchema, session: AuthSessionSchema });
export type SessionResponse = z.infer<typeof SessionResponseSchema>;

export const MfaRequiredResponseSchema = z.object({
  mfa_required: z.literal(true),
  mfa_token: z.string(),
  userId: z.string(),
  message: z.string(),
  /** Which second factors the code step can offer (a code box for the app, "Use your security key" for keys). */
  factors: z.array(z.enum(MFA_FACTOR_TYPES)),
});
export type MfaRequiredResponse = z.infer<typeof MfaRequiredResponseSchema>;

export const LoginResponseSchema = z.union([SessionResponseSchema, MfaRequiredResponseSchema]);
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

export const RefreshResponseSchema = z.object({ session: AuthSessionSchema });
export type RefreshResponse = z.infer<typeof RefreshResponseSchema>;

export const MeResponseSchema = z.object({ user: AuthUserSchema });
export type MeResponse = z.infer<typeof MeResponseSchema>;

export const ForgotPasswordResponseSchema = z.object({ message: z.string() });
export type ForgotPasswordResponse = z.infer<typeof ForgotPasswordResponseSchema>;

export const UpdatePasswordResponseSchema = z.object({ success: z.literal(true) });
export type UpdatePasswordResponse = z.infer<typeof UpdatePasswordResponseSchema>;

export const UpdateProfileResponseSchema = z.object({
  success: z.boolean(),
  user: AuthUserSchema.optional(),
  error: z.string().optional(),
  message: z.string().optional(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type UpdateProfileResponse = z.infer<typeof UpdateProfileResponseSchema>;

export const MfaFactorViewSchema = z.object({
  id: z.string(),
  factor_type: z.enum(MFA_FACTOR_TYPES),
  status: z.enum(['verified', 'unverified']),
  friendly_name: z.string(),
  /** When it was added and last proved a sign-in (keys; the app's use is not recorded by time). */
  created_at: z.string().optional(),
  last_used_at: z.string().nullable().optional(),
});
export type MfaFactorView = z.infer<typeof MfaFactorViewSchema>;

export const MfaStatusResponseSchema = z.object({
  enabled: z.boolean(),
  factors: z.array(MfaFactorViewSchema),
  backupCodesRemaining: z.number(),
});
export type MfaStatusResponse = z.infer<typeof MfaStatusResponseSchema>;

export const MfaSetupResponseSchema = z.object({
  success: z.literal(true),
  /** `data:image/png;base64,...` for an <img src>. */
  qrCode: z.string(),
  manualEntryKey: z.string(),
});
export type MfaSetupResponse = z.infer<typeof MfaSetupResponseSchema>;

export const MfaResultResponseSchema = z.object({
  success: z.boolean(),
  error: z.string().optional(),
  /** A refused request repeats its error here, as every error body has `message` (docs/security.md). */
  message: z.string().optional(),
  /** Only on a successful enable: the 10 backup codes, shown once. */
  codes: z.array(z.string()).optional(),
  /**
   * Only on a successful enable: 'aal2' when the caller's session family was raised to aal2 (the code just
   * proved the second factor). Its access token still says aal1 until the next refresh, so the panel
   * refreshes at once to be able to create new backup codes (which need aal2).
   */
  aal: z.literal('aal2').optional(),
});
export type MfaResultResponse = z.infer<typeof MfaResultResponseSchema>;

export const MfaVerifyResponseSchema = z.object({
  valid: z.boolean(),
  user: AuthUserSchema.optional(),
  session: AuthSessionSchema.optional(),
  message: z.string().optional(),
});
export type MfaVerifyResponse = z.infer<typeof MfaVerifyResponseSchema>;

export const BackupCodesResponseSchema = z.object({ codes: z.array(z.string()) });
export type BackupCodesResponse = z.infer<typeof BackupCodesResponseSchema>;

/** The link in the reset e-mail: `${APP_URL}/reset-password#access_token=…&refresh_token=…&type=recovery`. */
export function resetPasswordLink(appUrl: string, accessToken: string, refreshToken: string): string {
  const fragment = new URLSearchParams({ access_token: accessToken, refresh_token: refreshToken, type: 'recovery' });
  return `${appUrl.replace(/\/$/, '')}/reset-password#${fragment.toString()}`;
}
