import { ARGON2_FLOOR } from '../config.js';
import { PasswordHasher } from './password-hasher.js';

describe('PasswordHasher (argon2id)', () => {
  it('hashes with argon2id at the configured cost and verifies', async () => {
    const hasher = new PasswordHasher(ARGON2_FLOOR);
    const stored = await hasher.hash('Str0ng!Pass');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await hasher.verify(stored, 'Str0ng!Pass')).toBe(true);
    expect(await hasher.verify(stored, 'str0ng!Pass')).toBe(false);
  });

  it('treats a garbled hash as a mismatch and spends work on unknown accounts', async () => {
    const hasher = new PasswordHasher({ memoryCost: 1024, timeCost: 1, parallelism: 1 });
    expect(await hasher.verify('not-a-hash', 'x')).toBe(false);
    expect(await hasher.verifyAgainstNothing('anything')).toBe(false);
  });

  it('gives back a hasher failure instead of calling it a mismatch; a hash argon2 refuses is a mismatch', async () => {
    const params = { memoryCost: 1024, timeCost: 1, parallelism: 1 };
    // Parameters argon2 refuses in a stored hash: the library's own InvalidArg.
    expect(await new PasswordHasher(params).verify('$argon2id$v=19$m=1,t=1,p=1$c29tZXNhbHRzb21lc2FsdA$aGFzaGhhc2hoYXNoaGFzaA', 'x')).toBe(false);
    const failing = new PasswordHasher(params, () => Promise.reject(Object.assign(new Error('memory allocation failed'), { code: 'GenericFailure' })));
    await expect(failing.verify('$argon2id$v=19$m=1024,t=1,p=1$c29tZXNhbHQ$aGFzaA', 'x')).rejects.toThrow('memory allocation failed');
    await expect(failing.verifyAgainstNothing('x')).rejects.toThrow('memory allocation failed');
  });
});
