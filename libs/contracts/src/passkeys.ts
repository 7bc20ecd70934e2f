// Security keys and passkeys (WebAuthn): a second factor beside the authenticator app, and sign-in without a
// password. How the ceremonies are held (challenges, counters, throttling) is in docs/passkeys.md.
import { z } from 'zod';
import { AUTH_MESSAGES, currentPasswordField } from './auth.js';

/** A ceremony's challenge can be answered once, within this many seconds, by the session or sign-in that asked. */
export const WEBAUTHN_CHALLENGE_SECONDS = 300;

export const SECURITY_KEY_LIMITS = {
  nameMax: 64,
  /** Keys per account: enough for a phone, a laptop and a few spares; each is one row to check at sign-in. */
  perAccount: 10,
  /** WebAuthn caps a credential id at 1023 bytes: 1364 base64url characters. */
  credentialIdChars: 1364,
  /** clientDataJSON, authenticatorData and signatures are small; an attestation object with a certificate chain is not. */
  smallFieldChars: 4096,
  attestationChars: 65_536,
} as const;

/**
 * Passkey sign-in options per client in the sign-in window. The sign-in screen asks once per visit (for the
 * autofill offer), so a shared office address must not run out; the cap bounds the challenges one client keeps in
 * Redis (at most a third of it lives at once: each expires in 5 minutes).
 */
export const PASSKEY_OPTIONS_PER_CLIENT = 600;

/**
 * The HttpOnly cookie that ties a passkey sign-in's challenge to the browser that asked for it (no session
 * exists yet to tie it to); sent only to the passkey routes.
 */
export const PASSKEY_CEREMONY_COOKIE = { name: 'pc_passkey', path: '/api/auth/passkey' } as const;

/** The screens' words for keys, in the 2FA panel and on the sign-in screen. */
export const SECURITY_KEY_MESSAGES = {
  methodLabel: 'Security key or passkey',
  methodDescription: 'A passkey on this phone or computer, or a USB or NFC key such as a YubiKey.',
  useKey: 'Use your security key',
  signInWithPasskey: 'Sign in with a passkey',
  nameRequired: 'Please give this key a name',
  nameTooLong: `Key names can be at most ${SECURITY_KEY_LIMITS.nameMax} characters`,
  added: 'Security key added.',
  removed: 'Security key removed.',
  lastFactor:
    'Two-factor sign-in needs at least one second factor. Add another key or an authenticator app first, or turn two-factor off.',
  tooMany: `An account can have at most ${SECURITY_KEY_LIMITS.perAccount} security keys. Remove one first.`,
  alreadyAdded: 'This security key is already on your account.',
  challengeExpired: 'The security key request expired or was already used. Please try again.',
  notVerified: 'That security key could not be verified. Please try again.',
  unknownPasskey: 'This passkey is not registered with PayCadence. Sign in with your email and password.',
  userVerificationNeeded:
    'Your passkey did not confirm it is you (PIN, fingerprint or face). Try again, or sign in with your password.',
  cloned: 'This security key was refused because it looks copied. Sign in another way and remove it from your account.',
  keyNotFound: 'That security key is not on your account.',
  unsupported: 'This browser cannot use security keys or passkeys.',
  cancelled: 'The security key request was cancelled or timed out.',
} as const;

/** Base64url text of at most `max` characters (linear pattern: one character class). */
const base64url = (max: number) =>
  z
    .string()
    .max(max, 'Value is too long')
    .regex(/^[A-Za-z0-9_-]*$/, 'Expected base64url');

export const securityKeyNameField = z
  .string({ error: SECURITY_KEY_MESSAGES.nameRequired })
  .trim()
  .min(1, SECURITY_KEY_MESSAGES.nameRequired)
  .max(SECURITY_KEY_LIMITS.nameMax, SECURITY_KEY_MESSAGES.nameTooLong);

const userIdField = z.string({ error: 'userId is required' }).trim().min(1, 'userId is required').max(64, 'Invalid userId');
const credentialId = base64url(SECURITY_KEY_LIMITS.credentialIdChars).min(1, 'Expected a credential id');
/** Transports are hints for the browser's next ceremony; unknown future ones are kept out by the service, not refused. */
const transports = z.array(z.string().max(32)).max(10);
const extensionResults = z.record(z.string().max(64), z.unknown()).optional();

/** What the browser's navigator.credentials.create() answered, as JSON (a new key's public key, attestation none). */
export const RegistrationCredentialSchema = z.object({
  id: credentialId,
  rawId: credentialId,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(SECURITY_KEY_LIMITS.smallFieldChars),
    attestationObject: base64url(SECURITY_KEY_LIMITS.attestationChars),
    authenticatorData: base64url(SECURITY_KEY_LIMITS.attestationChars).optional(),
    transports: transports.optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(SECURITY_KEY_LIMITS.smallFieldChars).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: extensionResults,
});
export type RegistrationCredential = z.infer<typeof RegistrationCredentialSchema>;

/** What navigator.credentials.get() answered: a signature over the challenge; `userHandle` names the account of a passkey. */
export const AuthenticationCredentialSchema = z.object({
  id: credentialId,
  rawId: credentialId,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(SECURITY_KEY_LIMITS.smallFieldChars),
    authenticatorData: base64url(SECURITY_KEY_LIMITS.smallFieldChars),
    signature: base64url(SECURITY_KEY_LIMITS.smallFieldChars),
    userHandle: base64url(SECURITY_KEY_LIMITS.smallFieldChars).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: extensionResults,
});
export type AuthenticationCredential = z.infer<typeof AuthenticationCredentialSchema>;

const credentialDescriptor = z.object({ id: z.string(), type: z.literal('public-key'), transports: z.array(z.string()).optional() });

/**
 * The options for navigator.credentials.create(), as @simplewebauthn/server makes them and
 * @simplewebauthn/browser takes them (the WebAuthn JSON form). Every field is named, so a parse keeps them all.
 */
export const CredentialCreationOptionsSchema = z.object({
  challenge: z.string(),
  rp: z.object({ name: z.string(), id: z.string().optional() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.literal('public-key') })),
  timeout: z.number().optional(),
  excludeCredentials: z.array(credentialDescriptor).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.string().optional(),
      requireResidentKey: z.boolean().optional(),
      residentKey: z.string().optional(),
      userVerification: z.string().optional(),
    })
    .optional(),
  hints: z.array(z.string()).optional(),
  attestation: z.string().optional(),
  attestationFormats: z.array(z.string()).optional(),
  extensions: z.unknown().optional(),
});
/** The options for navigator.credentials.get(): no allowed credentials for a passkey (the browser lists its own). */
export const CredentialRequestOptionsSchema = z.object({
  challenge: z.string(),
  timeout: z.number().optional(),
  rpId: z.string().optional(),
  allowCredentials: z.array(credentialDescriptor).optional(),
  userVerification: z.string().optional(),
  hints: z.array(z.string()).optional(),
  extensions: z.unknown().optional(),
});

export const CredentialCreationOptionsResponseSchema = z.object({ options: CredentialCreationOptionsSchema });
export type CredentialCreationOptionsResponse = z.infer<typeof CredentialCreationOptionsResponseSchema>;
export const CredentialRequestOptionsResponseSchema = z.object({ options: CredentialRequestOptionsSchema });
export type CredentialRequestOptionsResponse = z.infer<typeof CredentialRequestOptionsResponseSchema>;

/** Options for a ceremony of the caller's own account (adding a key, proving one to turn 2FA off, the code step). */
export const SecurityKeyOptionsRequestSchema = z.object({ userId: userIdField }).strict();
export type SecurityKeyOptionsRequest = z.infer<typeof SecurityKeyOptionsRequestSchema>;

/** Adding a key asks for the password again, like every other two-factor change. */
export const AddSecurityKeyRequestSchema = z
  .object({ userId: userIdField, name: securityKeyNameField, password: currentPasswordField, credential: RegistrationCredentialSchema })
  .strict();
export type AddSecurityKeyRequest = z.infer<typeof AddSecurityKeyRequestSchema>;

export const RemoveSecurityKeyRequestSchema = z.object({ userId: userIdField, password: currentPasswordField }).strict();
export type RemoveSecurityKeyRequest = z.infer<typeof RemoveSecurityKeyRequestSchema>;

/** The sign-in's second step with a key (bearer: the mfa_token of the login answer). */
export const MfaKeyVerifyRequestSchema = z.object({ userId: userIdField, credential: AuthenticationCredentialSchema }).strict();
export type MfaKeyVerifyRequest = z.infer<typeof MfaKeyVerifyRequestSchema>;

/**
 * Turning two-factor off: the password and a second factor, either a code (from the app, or a backup code) or
 * an assertion of one of the account's keys (from the assertion-options ceremony).
 */
export const MfaDisableRequestSchema = z
  .object({
    userId: userIdField,
    password: currentPasswordField,
    token: z.string().trim().min(6, AUTH_MESSAGES.mfaCodeFormatPanel).max(32, AUTH_MESSAGES.invalidCodeShort).optional(),
    credential: AuthenticationCredentialSchema.optional(),
  })
  .strict()
  .refine((body) => (body.token === undefined) !== (body.credential === undefined), {
    message: AUTH_MESSAGES.mfaCodeFormatPanel,
    path: ['token'],
  });
export type MfaDisableRequest = z.infer<typeof MfaDisableRequestSchema>;

export const PasskeyOptionsRequestSchema = z.object({}).strict();
export type PasskeyOptionsRequest = z.infer<typeof PasskeyOptionsRequestSchema>;

/** Sign-in without a password: the passkey's assertion, answered with the ceremony cookie of the options call. */
export const PasskeySignInRequestSchema = z.object({ credential: AuthenticationCredentialSchema }).strict();
export type PasskeySignInRequest = z.infer<typeof PasskeySignInRequestSchema>;

export const MFA_KEY_PATHS = {
  registrationOptions: '/api/mfa/keys/registration-options',
  add: '/api/mfa/keys',
  remove: '/api/mfa/keys/{id}/remove',
  assertionOptions: '/api/mfa/keys/assertion-options',
  signInOptions: '/api/mfa/keys/sign-in-options',
  verify: '/api/mfa/verify-key',
} as const;

export const PASSKEY_PATHS = { options: '/api/auth/passkey/options', signIn: '/api/auth/passkey/sign-in' } as const;
