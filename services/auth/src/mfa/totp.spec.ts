import { TOTP_SECRET_BYTES, newTotpSecret, totpCode, totpUri, verifyTotp } from './totp.js';

const secret = newTotpSecret();
const at = new Date('2026-03-15T12:00:10Z');
const step = Math.floor(at.getTime() / 1000 / 30);
const secondsAgo = (seconds: number) => new Date(at.getTime() - seconds * 1000);

describe('TOTP (docs/product/accounts.md §9: 6 digits, 30 s, previous codes accepted 2 minutes)', () => {
  it('uses a secret of at least 16 bytes, Base32', () => {
    expect(TOTP_SECRET_BYTES).toBeGreaterThanOrEqual(16);
    expect(secret).toMatch(/^[A-Z2-7]+$/);
    expect(Math.floor((secret.length * 5) / 8)).toBeGreaterThanOrEqual(16);
    expect(totpUri(secret, 'ann@example.com')).toMatch(/^otpauth:\/\/totp\/PayCadence:ann%40example\.com\?.*secret=/);
  });

  it('accepts the current code and answers its step', async () => {
    expect(await verifyTotp(secret, await totpCode(secret, at), at, null)).toBe(step);
  });

  it.each([
    [30, true],
    [90, true],
    [120, true],
    [160, false],
    [300, false],
  ])('a code from %i s ago accepted: %s', async (age, accepted) => {
    const code = await totpCode(secret, secondsAgo(age));
    const result = await verifyTotp(secret, code, at, null);
    if (accepted) expect(result).toBe(Math.floor((at.getTime() / 1000 - age) / 30));
    else expect(result).toBeNull();
  });

  it('accepts one step ahead (a phone clock a little fast) but not two', async () => {
    expect(await verifyTotp(secret, await totpCode(secret, secondsAgo(-30)), at, null)).toBe(step + 1);
    expect(await verifyTotp(secret, await totpCode(secret, secondsAgo(-75)), at, null)).toBeNull();
  });

  it('never accepts a step at or before the last one used (replay)', async () => {
    const code = await totpCode(secret, at);
    expect(await verifyTotp(secret, code, at, step)).toBeNull();
    expect(await verifyTotp(secret, await totpCode(secret, secondsAgo(30)), at, step)).toBeNull();
    expect(await verifyTotp(secret, code, at, step - 1)).toBe(step);
  });

  it('refuses malformed and wrong codes without throwing', async () => {
    expect(await verifyTotp(secret, '12345', at, null)).toBeNull();
    expect(await verifyTotp(secret, 'abcdef', at, null)).toBeNull();
    const good = await totpCode(secret, at);
    const wrong = String((Number(good) + 1) % 1_000_000).padStart(6, '0');
    expect(await verifyTotp(secret, wrong, at, null)).toBeNull();
  });
});
