import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticatorTransportFuture,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import { WEBAUTHN_CHALLENGE_SECONDS, type AuthenticationCredential, type RegistrationCredential } from '@paycadence/contracts';

// The WebAuthn ceremonies, as @simplewebauthn/server holds them, with this product's choices made once
// (docs/passkeys.md): attestation none (we trust the key's signature, not its maker), user verification
// preferred for a second factor and required for a passkey that replaces the password, ES256/EdDSA/RS256 keys.

/** Who we are to an authenticator: the relying party id is APP_URL's host name, the origin APP_URL's origin. */
export interface RelyingParty {
  readonly id: string;
  readonly name: string;
  readonly origin: string;
}

export const RELYING_PARTY = Symbol('RELYING_PARTY');

export function relyingPartyOf(appUrl: string): RelyingParty {
  const url = new URL(appUrl);
  return { id: url.hostname, name: 'PayCadence', origin: url.origin };
}

const TIMEOUT_MS = WEBAUTHN_CHALLENGE_SECONDS * 1000;

const KNOWN_TRANSPORTS: ReadonlySet<string> = new Set<AuthenticatorTransportFuture>([
  'ble',
  'cable',
  'hybrid',
  'internal',
  'nfc',
  'smart-card',
  'usb',
]);

/** Transports are only hints for the browser's next ceremony: names this library does not know are dropped. */
export function knownTransports(transports: readonly string[] | null | undefined): AuthenticatorTransportFuture[] {
  return (transports ?? []).filter((transport): transport is AuthenticatorTransportFuture => KNOWN_TRANSPORTS.has(transport));
}

/** A stored key as the ceremonies need it. */
export interface StoredCredential {
  readonly credentialId: string;
  readonly publicKey: Uint8Array;
  readonly counter: number;
  readonly transports: readonly string[];
}

/** The user handle a passkey carries back at sign-in: the account id's bytes (no name or address in it). */
export const userHandleOf = (userId: string) => new TextEncoder().encode(userId);
export const userHandleText = (userId: string) => Buffer.from(userHandleOf(userId)).toString('base64url');

export function registrationOptions(
  party: RelyingParty,
  account: { id: string; email: string; displayName: string },
  existing: readonly StoredCredential[],
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  return generateRegistrationOptions({
    rpName: party.name,
    rpID: party.id,
    userName: account.email,
    userID: userHandleOf(account.id),
    userDisplayName: account.displayName,
    timeout: TIMEOUT_MS,
    attestationType: 'none',
    // The same key twice is refused by the browser before it asks the person to touch it.
    excludeCredentials: existing.map((key) => ({ id: key.credentialId, transports: knownTransports(key.transports) })),
    // A discoverable credential (a passkey) where the authenticator can keep one: it then also signs in alone.
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
}

/**
 * Options for proving a key. `allowed` lists the account's keys (second factor, step-up); an empty list asks the
 * browser for any passkey of this site (sign-in without a password), which must then verify its user.
 */
export function authenticationOptions(party: RelyingParty, allowed: readonly StoredCredential[]): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return generateAuthenticationOptions({
    rpID: party.id,
    timeout: TIMEOUT_MS,
    allowCredentials: allowed.map((key) => ({ id: key.credentialId, transports: knownTransports(key.transports) })),
    userVerification: allowed.length === 0 ? 'required' : 'preferred',
  });
}

/** A verified new key: what is stored (the public key, never anything secret). */
export interface NewCredential {
  readonly credentialId: string;
  readonly publicKey: Uint8Array;
  readonly counter: number;
  readonly transports: AuthenticatorTransportFuture[];
  readonly deviceType: 'singleDevice' | 'multiDevice';
  readonly backedUp: boolean;
}

/** The attestation checked against the challenge, origin and relying party; null when it does not verify. */
export async function verifyRegistration(party: RelyingParty, credential: RegistrationCredential, expectedChallenge: string): Promise<NewCredential | null> {
  const verification = await verifyRegistrationResponse({
    response: {
      ...credential,
      response: { ...credential.response, transports: knownTransports(credential.response.transports) },
      clientExtensionResults: credential.clientExtensionResults ?? {},
    },
    expectedChallenge,
    expectedOrigin: party.origin,
    expectedRPID: party.id,
    requireUserVerification: false,
  }).catch(() => null);
  if (!verification?.verified) return null;
  const { credential: made, credentialDeviceType, credentialBackedUp } = verification.registrationInfo;
  return {
    credentialId: made.id,
    publicKey: made.publicKey,
    counter: made.counter,
    transports: knownTransports(credential.response.transports),
    deviceType: credentialDeviceType,
    backedUp: credentialBackedUp,
  };
}

/** How an assertion was judged: its signature and origin first, then the signature counter. */
export type AssertionVerdict =
  | { readonly outcome: 'verified'; readonly counter: number; readonly userVerified: boolean }
  | { readonly outcome: 'refused' }
  /** The authenticator's counter did not move past the stored one: a copy of the key signed (docs/passkeys.md). */
  | { readonly outcome: 'cloned'; readonly counter: number };

export async function verifyAssertion(
  party: RelyingParty,
  credential: AuthenticationCredential,
  stored: StoredCredential,
  expectedChallenge: string,
): Promise<AssertionVerdict> {
  const verification = await verifyAuthenticationResponse({
    response: { ...credential, clientExtensionResults: credential.clientExtensionResults ?? {} },
    expectedChallenge,
    expectedOrigin: party.origin,
    expectedRPID: party.id,
    // The counter is judged below, so that a copied key is told apart from a bad signature (and recorded).
    credential: { id: stored.credentialId, publicKey: new Uint8Array(stored.publicKey), counter: 0, transports: knownTransports(stored.transports) },
    // Whether the user was verified is the caller's rule (a passkey sign-in needs it, a second factor not).
    requireUserVerification: false,
  }).catch(() => null);
  if (!verification?.verified) return { outcome: 'refused' };
  const { newCounter, userVerified } = verification.authenticationInfo;
  // Authenticators that keep no counter send 0 every time (most passkeys that sync do); one that counts must
  // always move forward.
  if ((newCounter > 0 || stored.counter > 0) && newCounter <= stored.counter) return { outcome: 'cloned', counter: newCounter };
  return { outcome: 'verified', counter: newCounter, userVerified };
}
