import { hash, verify } from '@node-rs/argon2';

export interface Argon2Params {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/** argon2id password hashing (DESIGN §4); @node-rs/argon2's default algorithm is argon2id. */
export class PasswordHasher {
  private dummyHash: Promise<string> | undefined;

  constructor(readonly params: Argon2Params) {}

  hash(password: string): Promise<string> {
    return hash(password, { ...this.params, outputLen: 32 });
  }

  async verify(storedHash: string, password: string): Promise<boolean> {
    try {
      return await verify(storedHash, password);
    } catch {
      return false;
    }
  }

  /** Spends the same work as a real check, so an unknown e-mail answers no faster than a wrong password. */
  async verifyAgainstNothing(password: string): Promise<false> {
    this.dummyHash ??= this.hash('not-a-real-password-Aa1!');
    await this.verify(await this.dummyHash, password);
    return false;
  }
}
