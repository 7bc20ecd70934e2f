import { randomBytes } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type WebAuthnCredential,
} from '@simplewebauthn/server';
import { describe, expect, it } from 'vitest';
import { SoftAuthenticator } from './soft-authenticator.js';

const ORIGIN = 'http://localhost:8080';
const RP_ID = 'localhost';

async function registered(authenticator = new SoftAuthenticator()) {
  const options = await generateRegistrationOptions({
    rpName: 'PayCadence',
    rpID: RP_ID,
    userName: 'ana@example.test',
    userID: new TextEncoder().encode('user-42'),
    attestationType: 'none',
  });
  const response = authenticator.register(options, ORIGIN);
  const verification = await verifyRegistrationResponse({
    response,
    expectedChallenge: options.challenge,
    expectedOrigin: ORIGIN,
    expectedRPID: RP_ID,
  });
  return { authenticator, options, response, verification };
}

async function assertion(authenticator: SoftAuthenticator, credential: WebAuthnCredential, origin = ORIGIN, flags = {}, requireUserVerification = false) {
  const options = await generateAuthenticationOptions({ rpID: RP_ID, allowCredentials: [{ id: credential.id }] });
  return verifyAuthenticationResponse({
    response: authenticator.authenticate(options, origin, flags),
    expectedChallenge: options.challenge,
    expectedOrigin: ORIGIN,
    expectedRPID: RP_ID,
    credential,
    requireUserVerification,
  });
}

describe('SoftAuthenticator', () => {
  it('registers: the real server verifies it and stores the same credential id and a public key', async () => {
    const { authenticator, options, response, verification } = await registered();
    expect(verification.verified).toBe(true);
    const info = verification.registrationInfo!;
    expect(info.credential.id).toBe(authenticator.credentialId);
    expect(info.credential.publicKey.length).toBeGreaterThan(0);
    expect(info.credential.counter).toBe(0);
    expect(info.credentialDeviceType).toBe('singleDevice');
    expect(info.credentialBackedUp).toBe(false);
    expect(info.userVerified).toBe(true);
    expect(info.fmt).toBe('none');
    expect(response).toMatchObject({ id: authenticator.credentialId, rawId: authenticator.credentialId, type: 'public-key' });
    expect(authenticator.userHandle).toBe(options.user.id);
  });

  it('is reproducible: the fixed key and id give the same public key on every run', async () => {
    const a = (await registered()).verification.registrationInfo!.credential;
    const b = (await registered()).verification.registrationInfo!.credential;
    expect(Buffer.from(a.publicKey).equals(Buffer.from(b.publicKey))).toBe(true);
    expect(a.id).toBe('AQIDBAUGBwgJCgsMDQ4PEA');
  });

  it('asserts against the stored public key, counting 1 then 2, with the user handle from registration', async () => {
    const { authenticator, options, verification } = await registered();
    const credential = { ...verification.registrationInfo!.credential };
    const first = await assertion(authenticator, credential);
    expect(first).toMatchObject({ verified: true, authenticationInfo: { newCounter: 1, userVerified: true } });
    credential.counter = first.authenticationInfo.newCounter;
    const second = await assertion(authenticator, credential);
    expect(second.authenticationInfo.newCounter).toBe(2);
    expect(authenticator.authenticate({ challenge: 'x' }, ORIGIN).response.userHandle).toBe(options.user.id);
  });

  it('is refused from a wrong origin', async () => {
    const { authenticator, verification } = await registered();
    const credential = verification.registrationInfo!.credential;
    await expect(assertion(authenticator, credential, 'http://evil.test')).rejects.toThrow(/origin/);
    const options = await generateRegistrationOptions({ rpName: 'P', rpID: RP_ID, userName: 'u', attestationType: 'none' });
    await expect(
      verifyRegistrationResponse({
        response: new SoftAuthenticator().register(options, ORIGIN, { originOverride: 'http://evil.test' }),
        expectedChallenge: options.challenge,
        expectedOrigin: ORIGIN,
        expectedRPID: RP_ID,
      }),
    ).rejects.toThrow(/origin/);
  });

  it('is refused without user verification when the server requires it', async () => {
    const { authenticator, verification } = await registered();
    const credential = verification.registrationInfo!.credential;
    await expect(assertion(authenticator, credential, ORIGIN, { userVerified: false }, true)).rejects.toThrow(/verif/);
    await expect(assertion(authenticator, credential, ORIGIN, { userVerified: false }, false)).resolves.toMatchObject({
      verified: true,
      authenticationInfo: { userVerified: false },
    });
  });

  it('is refused when the counter goes below the stored one (a cloned key)', async () => {
    const { authenticator, verification } = await registered();
    const credential = { ...verification.registrationInfo!.credential, counter: 5 };
    await expect(assertion(authenticator, credential, ORIGIN, { counter: 4 })).rejects.toThrow(/counter/);
    expect(authenticator.counter).toBe(0); // an override doesn't move the authenticator's own counter
  });

  it('is refused for another RP id', async () => {
    const { authenticator, verification } = await registered();
    const credential = verification.registrationInfo!.credential;
    await expect(assertion(authenticator, credential, ORIGIN, { rpId: 'example.com' })).rejects.toThrow(/RP ID/i);
  });

  it('encodes long CBOR byte strings (1- and 2-byte lengths) that the server decodes', async () => {
    // A 300-byte credential id makes authData longer than 255 bytes; the default one keeps it between 24 and 255.
    const long = new SoftAuthenticator({ credentialId: randomBytes(300) });
    const { verification } = await registered(long);
    expect(verification.registrationInfo!.credential.id).toBe(long.credentialId);
    await expect(assertion(long, verification.registrationInfo!.credential)).resolves.toMatchObject({ verified: true });
  });
});
