import { hash, verify } from '@node-rs/argon2';

export interface Argon2Params {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

type Verify = (storedHash: string, password: string) => Promise<boolean>;

/** argon2id password hashing (docs/security.md); @node-rs/argon2's default algorithm is argon2id. */
export class PasswordHasher {
  private dummyHash: Promise<string> | undefined;

  /** `argon2Verify`: the library's verify; a unit test passes one that fails like the library can. */
  constructor(
    readonly params: Argon2Params,
    private readonly argon2Verify: Verify = verify,
  ) {}

  hash(password: string): Promise<string> {
    return hash(password, { ...this.params, outputLen: 32 });
  }

  /**
   * Whether `password` is the one `storedHash` was made from. A stored hash argon2 cannot use (garbled, or
   * parameters it refuses: its InvalidArg errors) matches no password. Any other failure (memory, the
   * thread pool) is no verdict and is thrown, so the sign-in gives its attempt back instead of counting it
   * as a wrong password.
   */
  async verify(storedHash: string, password: string): Promise<boolean> {
    try {
      return await this.argon2Verify(storedHash, password);
    } catch (error) {
      if ((error as { code?: unknown } | null)?.code === 'InvalidArg') return false;
      throw error;
    }
  }

  /** Spends the same work as a real check, so an unknown e-mail answers no faster than a wrong password. */
  async verifyAgainstNothing(password: string): Promise<false> {
    this.dummyHash ??= this.hash('not-a-real-password-Aa1!');
    await this.verify(await this.dummyHash, password);
    return false;
  }
}
