// A software WebAuthn authenticator for tests and benchmarks: it answers the options JSON a server sends with the
// same base64url JSON that @simplewebauthn/browser's startRegistration/startAuthentication return, so the real
// server-side verification runs without a browser or a hardware key. Pure node:crypto; test-only (never in prod code).
import { createHash, createPrivateKey, createPublicKey, sign, type KeyObject } from 'node:crypto';

/**
 * A fixed P-256 key pair (base64 PKCS8), generated once and pasted here so the credential public key, and so every
 * registration response, is the same on every run. ECDSA signatures are still randomized; verifiers don't care.
 */
const DEFAULT_PRIVATE_KEY_PKCS8 =
  'MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgvUsHDvKCcHhhQYakmX2iSdAr9h0EQpxFhodDytGi7LahRANCAARKRVpLH0W3TQS/4ghyKuqzmJSibLDfrdwtOnjc+rcbu8SZ7wCZjogi8WjKYfxiuf4eKzmBMV40t56DcVPGMdXa';

/** A fixed 16-byte credential id (0x01…0x10), for the same reason as the fixed key. */
const DEFAULT_CREDENTIAL_ID = Uint8Array.from({ length: 16 }, (_, i) => i + 1);

const FLAG_UP = 0x01; // user present: always, a test "touches" the key every time
const FLAG_UV = 0x04; // user verified (PIN/biometric)
const FLAG_AT = 0x40; // attested credential data follows (registration only)
// BE (0x08) and BS (0x10) stay 0: a device-bound credential, like a hardware security key.

export interface SoftAuthenticatorOptions {
  /** Base64 PKCS8 of a P-256 private key; default: the fixed key pair above. Pass another for a second device. */
  privateKeyPkcs8?: string;
  /** Raw credential id; default: a fixed 16 bytes. */
  credentialId?: Uint8Array;
  /** Base64url user handle sent with assertions; register() sets it from the options' user.id. */
  userHandle?: string;
}

/** Structurally a @simplewebauthn `RegistrationResponseJSON` (declared here so nest-kit doesn't depend on it). */
export interface RegistrationResponseJSONLike {
  id: string;
  rawId: string;
  response: {
    clientDataJSON: string;
    attestationObject: string;
    authenticatorData: string;
    transports: ('internal' | 'usb' | 'hybrid')[];
    publicKeyAlgorithm: number;
    publicKey: string;
  };
  authenticatorAttachment: 'platform';
  clientExtensionResults: Record<string, never>;
  type: 'public-key';
}

/** Structurally a @simplewebauthn `AuthenticationResponseJSON`. */
export interface AuthenticationResponseJSONLike {
  id: string;
  rawId: string;
  response: { clientDataJSON: string; authenticatorData: string; signature: string; userHandle?: string };
  authenticatorAttachment: 'platform';
  clientExtensionResults: Record<string, never>;
  type: 'public-key';
}

export class SoftAuthenticator {
  /** Base64url credential id, as the server stores it and lists it in allowCredentials. */
  readonly credentialId: string;
  /** Signature counter: registration sends it as is (0), each assertion first increments it by 1. */
  counter = 0;
  /** Base64url user handle returned with assertions (what discoverable/passkey sign-in looks the account up by). */
  userHandle?: string;
  private readonly rawId: Buffer;
  private readonly privateKey: KeyObject;

  constructor(options: SoftAuthenticatorOptions = {}) {
    this.rawId = Buffer.from(options.credentialId ?? DEFAULT_CREDENTIAL_ID);
    this.credentialId = this.rawId.toString('base64url');
    this.userHandle = options.userHandle;
    this.privateKey = createPrivateKey({
      key: Buffer.from(options.privateKeyPkcs8 ?? DEFAULT_PRIVATE_KEY_PKCS8, 'base64'),
      format: 'der',
      type: 'pkcs8',
    });
  }

  /** Answers registration options JSON (challenge, rp.id, user.id …) with attestation 'none' and an ES256 COSE key. */
  register(
    options: { challenge: string; rp: { id?: string }; user: { id: string } },
    origin: string,
    flags: { userVerified?: boolean; rpId?: string; originOverride?: string } = {},
  ): RegistrationResponseJSONLike {
    this.userHandle = options.user.id;
    const clientDataJSON = clientData('webauthn.create', options.challenge, flags.originOverride ?? origin);
    const publicKey = createPublicKey(this.privateKey);
    const jwk = publicKey.export({ format: 'jwk' });
    // COSE_Key (RFC 9053): kty EC2 (1:2), alg ES256 (3:-7), crv P-256 (-1:1), x (-2), y (-3).
    const coseKey = new Map<CborValue, CborValue>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.rawId.length);
    const attestedCredentialData = Buffer.concat([Buffer.alloc(16) /* aaguid: none */, idLength, this.rawId, cbor(coseKey)]);
    const rpId = flags.rpId ?? options.rp.id ?? new URL(origin).hostname;
    const authData = authenticatorData(rpId, FLAG_AT | uvFlag(flags.userVerified), this.counter, attestedCredentialData);
    const attestationObject = cbor(
      new Map<CborValue, CborValue>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      response: {
        clientDataJSON: b64u(clientDataJSON),
        attestationObject: b64u(attestationObject),
        authenticatorData: b64u(authData),
        transports: ['internal'],
        publicKeyAlgorithm: -7,
        publicKey: b64u(publicKey.export({ format: 'der', type: 'spki' })),
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      type: 'public-key',
    };
  }

  /**
   * Answers authentication options JSON. `flags.counter` is sent instead of the next counter (e.g. going backwards,
   * as a cloned key would) and leaves `this.counter` unchanged; userVerified defaults to true.
   */
  authenticate(
    options: { challenge: string; rpId?: string },
    origin: string,
    flags: { userVerified?: boolean; counter?: number; rpId?: string } = {},
  ): AuthenticationResponseJSONLike {
    const counter = flags.counter ?? ++this.counter;
    const clientDataJSON = clientData('webauthn.get', options.challenge, origin);
    const rpId = flags.rpId ?? options.rpId ?? new URL(origin).hostname;
    const authData = authenticatorData(rpId, uvFlag(flags.userVerified), counter);
    // WebAuthn §6.3.3: sign authenticatorData || SHA-256(clientDataJSON); node's default ECDSA encoding is DER, as required.
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.privateKey);
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      response: {
        clientDataJSON: b64u(clientDataJSON),
        authenticatorData: b64u(authData),
        signature: b64u(signature),
        ...(this.userHandle === undefined ? {} : { userHandle: this.userHandle }),
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      type: 'public-key',
    };
  }
}

const b64u = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string): Buffer => createHash('sha256').update(data).digest();
// A real authenticator verifies the user whenever asked; tests opt out with userVerified: false.
const uvFlag = (userVerified = true): number => FLAG_UP | (userVerified ? FLAG_UV : 0);

function clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): Buffer {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

/** rpIdHash (32) | flags (1) | signCount (uint32 BE) | attested credential data (registration only). */
function authenticatorData(rpId: string, flags: number, counter: number, attested?: Buffer): Buffer {
  const tail = Buffer.alloc(5);
  tail.writeUInt8(flags, 0);
  tail.writeUInt32BE(counter, 1);
  return Buffer.concat([sha256(rpId), tail, ...(attested ? [attested] : [])]);
}

type CborValue = number | string | Uint8Array | Map<CborValue, CborValue>;

/** Minimal CBOR (RFC 8949) encoder for exactly what WebAuthn needs here: ints, byte/text strings and maps. */
function cbor(value: CborValue): Buffer {
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new Error(`cbor: not an integer: ${value}`);
    return value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value);
  }
  if (typeof value === 'string') {
    const utf8 = Buffer.from(value, 'utf8');
    return Buffer.concat([cborHead(3, utf8.length), utf8]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([cborHead(2, value.length), value]);
  const parts = [cborHead(5, value.size)];
  for (const [k, v] of value) parts.push(cbor(k), cbor(v));
  return Buffer.concat(parts);
}

/** Major type (3 bits) plus the argument: inline below 24, then 1, 2 or 4 following bytes (big-endian). */
function cborHead(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
  if (n < 0x10000) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
  if (n <= 0xffffffff) {
    const head = Buffer.alloc(5);
    head[0] = (major << 5) | 26;
    head.writeUInt32BE(n, 1);
    return head;
  }
  throw new Error(`cbor: length too large: ${n}`);
}
