import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { SoftAuthenticator } from '@paycadence/nest-kit/testing';
import {
  authenticationOptions,
  knownTransports,
  registrationOptions,
  relyingPartyOf,
  userHandleText,
  verifyAssertion,
  verifyRegistration,
  type NewCredential,
  type StoredCredential,
} from './relying-party.js';

const party = relyingPartyOf('http://localhost:8080/');
const ORIGIN = 'http://localhost:8080';
const account = { id: '6f1c2a9e-0b7d-4c55-9a33-2f0e8d1b7c40', email: 'ann@example.com', displayName: 'Ann Lee' };

/** A key registered through the real verification, stored as the service stores it. */
async function registered(key = new SoftAuthenticator({ credentialId: randomBytes(16) })): Promise<{ key: SoftAuthenticator; made: NewCredential; stored: StoredCredential }> {
  const options = await registrationOptions(party, account, []);
  const made = (await verifyRegistration(party, key.register(options, ORIGIN), options.challenge))!;
  return { key, made, stored: { credentialId: made.credentialId, publicKey: made.publicKey, counter: made.counter, transports: made.transports } };
}

describe('the relying party', () => {
  it('is APP_URL: its host name as the id, its origin as the only origin a signature may name', () => {
    expect(relyingPartyOf('https://app.paycadence.example:8443/some/path')).toEqual({
      id: 'app.paycadence.example',
      name: 'PayCadence',
      origin: 'https://app.paycadence.example:8443',
    });
  });
});

describe('ceremony options', () => {
  it('registration: attestation none, a passkey preferred, user verification preferred, the account’s keys excluded', async () => {
    const existing: StoredCredential = { credentialId: 'AQID', publicKey: new Uint8Array([1]), counter: 0, transports: ['usb', 'telepathy'] };
    const options = await registrationOptions(party, account, [existing]);
    expect(options).toMatchObject({
      rp: { id: 'localhost', name: 'PayCadence' },
      user: { id: userHandleText(account.id), name: account.email, displayName: 'Ann Lee' },
      attestation: 'none',
      timeout: 300_000,
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
      excludeCredentials: [{ id: 'AQID', type: 'public-key', transports: ['usb'] }],
    });
    // A fresh challenge every time.
    expect((await registrationOptions(party, account, [])).challenge).not.toBe(options.challenge);
  });

  it('assertion: the account’s keys with verification preferred, or any passkey with verification required', async () => {
    const key: StoredCredential = { credentialId: 'AQID', publicKey: new Uint8Array([1]), counter: 0, transports: ['internal'] };
    expect(await authenticationOptions(party, [key])).toMatchObject({
      rpId: 'localhost',
      userVerification: 'preferred',
      allowCredentials: [{ id: 'AQID', type: 'public-key', transports: ['internal'] }],
    });
    expect(await authenticationOptions(party, [])).toMatchObject({ rpId: 'localhost', userVerification: 'required', allowCredentials: [] });
  });

  it('keeps only the transports the library knows (they are hints to the browser, not rules)', () => {
    expect(knownTransports(['usb', 'nfc', 'quantum', 'hybrid'])).toEqual(['usb', 'nfc', 'hybrid']);
    expect(knownTransports(undefined)).toEqual([]);
  });
});

describe('verifying a new key', () => {
  it('answers the public key to store when the answer matches the challenge, the origin and the relying party', async () => {
    const { key, made } = await registered();
    expect(made).toMatchObject({ credentialId: key.credentialId, counter: 0, transports: ['internal'], deviceType: 'singleDevice', backedUp: false });
    expect(made.publicKey.length).toBeGreaterThan(60);
  });

  it('refuses an answer to another challenge, from another origin or for another relying party', async () => {
    const options = await registrationOptions(party, account, []);
    const key = new SoftAuthenticator({ credentialId: randomBytes(16) });
    expect(await verifyRegistration(party, key.register({ ...options, challenge: 'c3RhbGU' }, ORIGIN), options.challenge)).toBeNull();
    expect(await verifyRegistration(party, key.register(options, 'http://localhost.evil.example'), options.challenge)).toBeNull();
    expect(await verifyRegistration(party, key.register(options, ORIGIN, { rpId: 'evil.example' }), options.challenge)).toBeNull();
  });
});

describe('verifying an assertion', () => {
  it('verifies a signature over its challenge and reports the new counter and user verification', async () => {
    const { key, stored } = await registered();
    const options = await authenticationOptions(party, [stored]);
    expect(await verifyAssertion(party, key.authenticate(options, ORIGIN), stored, options.challenge)).toEqual({ outcome: 'verified', counter: 1, userVerified: true });
    const again = await authenticationOptions(party, [stored]);
    const unverified = key.authenticate(again, ORIGIN, { userVerified: false });
    expect(await verifyAssertion(party, unverified, { ...stored, counter: 1 }, again.challenge)).toEqual({ outcome: 'verified', counter: 2, userVerified: false });
  });

  it('refuses another challenge, another origin and another key', async () => {
    const { key, stored } = await registered();
    // Another authenticator: its own key pair, not the fixed one.
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const other = await registered(new SoftAuthenticator({ credentialId: randomBytes(16), privateKeyPkcs8: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64') }));
    const options = await authenticationOptions(party, [stored]);
    const answer = key.authenticate(options, ORIGIN);
    expect(await verifyAssertion(party, answer, stored, (await authenticationOptions(party, [stored])).challenge)).toEqual({ outcome: 'refused' });
    expect(await verifyAssertion(party, key.authenticate(options, 'http://evil.example', { rpId: 'localhost' }), stored, options.challenge)).toEqual({ outcome: 'refused' });
    expect(await verifyAssertion(party, answer, other.stored, options.challenge)).toEqual({ outcome: 'refused' });
  });

  it('tells a copied key by its counter not moving forward, and lets keys without a counter send 0', async () => {
    const { key, stored } = await registered();
    const options = await authenticationOptions(party, [stored]);
    expect(await verifyAssertion(party, key.authenticate(options, ORIGIN, { counter: 4 }), { ...stored, counter: 5 }, options.challenge)).toEqual({ outcome: 'cloned', counter: 4 });
    expect(await verifyAssertion(party, key.authenticate(options, ORIGIN, { counter: 5 }), { ...stored, counter: 5 }, options.challenge)).toEqual({ outcome: 'cloned', counter: 5 });
    expect(await verifyAssertion(party, key.authenticate(options, ORIGIN, { counter: 0 }), stored, options.challenge)).toMatchObject({ outcome: 'verified', counter: 0 });
  });
});
