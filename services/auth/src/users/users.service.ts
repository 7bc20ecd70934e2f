import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, type EntityManager, type Repository } from 'typeorm';
import type { AuthRole, AuthUser, RegisterCommand, UpdateProfileCommand, UserStatus } from '@paycadence/contracts';
import { emailTakenError } from '../errors.js';
import { AUTH_KEYS, type AuthKeys } from '../tokens/auth-keys.js';
import { User } from './user.entity.js';
import { toUserView } from './user-view.js';

const SSN_PURPOSE = 'users.ssn_last4';
const UNIQUE_VIOLATION = '23505';

export interface NewUser {
  email: string;
  passwordHash: string;
  role: AuthRole;
  firstName?: string | null;
  lastName?: string | null;
  phone?: string | null;
  dateOfBirth?: string | null;
  address?: RegisterCommand['address'] | null;
  ssnLast4?: string | null;
  /** A waitlist approval: the hash is of a secret nobody knows, the owner sets the password by the mailed link. */
  awaitingPassword?: boolean;
}

/** Accounts: lookup by normalised e-mail, creation, profile changes; seals the SSN last 4. */
@Injectable()
export class UsersService {
  private readonly logger = new Logger('Users');

  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    @Inject(AUTH_KEYS) private readonly keys: AuthKeys,
  ) {}

  findByEmail(email: string): Promise<User | null> {
    return this.users.findOneBy({ email: email.trim().toLowerCase() });
  }

  findById(id: string): Promise<User | null> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return Promise.resolve(null);
    return this.users.findOneBy({ id });
  }

  /** Inserts; a duplicate e-mail (any case: the column holds lower case) is a 409. */
  async create(input: NewUser): Promise<User> {
    const entity = this.users.create({
      email: input.email.trim().toLowerCase(),
      passwordHash: input.passwordHash,
      role: input.role,
      status: 'active',
      firstName: input.firstName ?? null,
      lastName: input.lastName ?? null,
      phone: input.phone ?? null,
      dateOfBirth: input.dateOfBirth ?? null,
      address: input.address ?? null,
      ssnLast4Enc: input.ssnLast4 ? this.keys.box.encrypt(input.ssnLast4, SSN_PURPOSE) : null,
      passwordSetAt: input.awaitingPassword ? null : new Date(),
    });
    try {
      return await this.users.save(entity);
    } catch (error) {
      if ((error as { code?: string }).code === UNIQUE_VIOLATION || (error as { driverError?: { code?: string } }).driverError?.code === UNIQUE_VIOLATION) {
        throw emailTakenError();
      }
      throw error;
    }
  }

  /**
   * A session was just issued: the admin list's `last_sign_in_at`. Best effort: bookkeeping
   * never turns a good sign-in into an error (and an orphan session); a failure is logged.
   */
  async recordSignIn(userId: string, at: Date): Promise<void> {
    try {
      await this.users.update({ id: userId }, { lastSignInAt: at });
    } catch (error) {
      this.logger.warn(`last sign-in of ${userId} not recorded: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /**
   * Sets a non-admin account's status under a row lock. `whileLocked` runs in the same
   * transaction before the commit (the refresh-token revocation, the Redis key and message), so concurrent
   * suspend / activate of one account take effect in the database and in Redis in the same order, and a
   * failure there rolls the change back. Setting the status it already has changes no row but still runs
   * `whileLocked` (re-asserting the Redis side). Answers what it found.
   */
  async changeStatus(
    userId: string,
    status: UserStatus,
    whileLocked: (manager: EntityManager) => Promise<void>,
  ): Promise<{ user: User; changed: boolean } | 'not-found' | 'admin'> {
    if (!/^[0-9a-f-]{36}$/i.test(userId)) return 'not-found';
    return this.users.manager.transaction(async (manager) => {
      const user = await manager.getRepository(User).findOne({ where: { id: userId }, lock: { mode: 'pessimistic_write' } });
      if (!user) return 'not-found';
      if (user.role === 'admin') return 'admin';
      const changed = user.status !== status;
      if (changed) await manager.getRepository(User).update({ id: userId }, { status });
      await whileLocked(manager);
      return { user: { ...user, status }, changed };
    });
  }

  /** The owner (or an operator) chose a password: an approval's account is no longer awaiting one. */
  async setPassword(userId: string, passwordHash: string): Promise<void> {
    await this.users.update({ id: userId }, { passwordHash, passwordSetAt: new Date() });
  }

  /**
   * An existing account becomes an admin with the given password (admin:create on a taken address), only when its
   * address is confirmed or it is an admin already (the operator setting a new password): false when refused.
   * One conditional statement, so a confirmation cannot race it.
   */
  async promoteToAdmin(userId: string, passwordHash: string, manager: EntityManager = this.users.manager): Promise<boolean> {
    const result = await manager
      .createQueryBuilder()
      .update(User)
      .set({ role: 'admin', passwordHash, passwordSetAt: new Date() })
      .where('id = :userId', { userId })
      .andWhere(`(email_confirmed_at IS NOT NULL OR role = 'admin')`)
      .execute();
    return (result.affected ?? 0) === 1;
  }

  /** The owner opened a link mailed to the address; the first confirmation's time is kept. */
  async confirmEmail(userId: string, at: Date, manager: EntityManager = this.users.manager): Promise<void> {
    await manager.getRepository(User).update({ id: userId, emailConfirmedAt: IsNull() }, { emailConfirmedAt: at });
  }

  /** docs/product/accounts.md §7: only the fields sent change; e-mail never does. */
  async updateProfile(user: User, changes: UpdateProfileCommand): Promise<User> {
    if (changes.firstName !== undefined) user.firstName = changes.firstName;
    if (changes.lastName !== undefined) user.lastName = changes.lastName;
    if (changes.phone !== undefined) user.phone = changes.phone;
    if (changes.dateOfBirth !== undefined) user.dateOfBirth = changes.dateOfBirth;
    if (changes.address !== undefined) user.address = { ...(user.address ?? {}), ...changes.address, country: 'US' };
    if (changes.ssn !== undefined) user.ssnLast4Enc = this.keys.box.encrypt(changes.ssn, SSN_PURPOSE);
    return this.users.save(user);
  }

  /** The account's second factors: the authenticator app (on or not) and how many security keys. */
  async secondFactors(userId: string): Promise<{ totp: boolean; keys: number }> {
    // One round trip: every sign-in and every user view asks.
    const [row] = (await this.users.query(
      `SELECT EXISTS (SELECT 1 FROM mfa_factors WHERE user_id = $1 AND enabled) AS totp,
              (SELECT count(*)::int FROM security_keys WHERE user_id = $1) AS keys`,
      [userId],
    )) as { totp: boolean; keys: number }[];
    return { totp: row!.totp, keys: row!.keys };
  }

  /** Two-factor is on while the account has a second factor: the authenticator app or at least one key. */
  async isMfaEnabled(userId: string): Promise<boolean> {
    const { totp, keys } = await this.secondFactors(userId);
    return totp || keys > 0;
  }

  ssnLast4(user: User): string | null {
    return user.ssnLast4Enc ? this.keys.box.decrypt(user.ssnLast4Enc, SSN_PURPOSE) : null;
  }

  async view(user: User, withSsn = false): Promise<AuthUser> {
    return toUserView(user, await this.isMfaEnabled(user.id), withSsn ? this.ssnLast4(user) : undefined);
  }
}
