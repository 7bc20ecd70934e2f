import { Inject, Injectable, Optional } from '@nestjs/common';
import { z } from 'zod';
import { adminPasswordField, EMAIL_CONFIRMATION_MESSAGES, emailField, fieldErrors } from '@paycadence/contracts';
import { CLOCK, REDIS, ValidationFailedError, type Clock } from '@paycadence/nest-kit';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import { isAuthError } from '../errors.js';
import { PasswordHasher } from '../crypto/password-hasher.js';
import { REFRESH_TOKEN_STORE, type RefreshTokenStore } from '../sessions/refresh-token.store.js';
import { SessionRevocations } from '../sessions/session-revocations.js';
import type { User } from '../users/user.entity.js';
import { UsersService } from '../users/users.service.js';

/** docs/product/signed-in.md §5 "Create user": e-mail required and valid; the admin-created password rule (contracts, one place). */
export const AdminAccountSchema = z.object({ email: emailField, password: adminPasswordField });
export type AdminAccountCommand = z.input<typeof AdminAccountSchema>;

/** admin:create found the address taken by an account that never proved it owns it. */
export class UnconfirmedAccountError extends Error {
  constructor(email: string) {
    super(EMAIL_CONFIRMATION_MESSAGES.requiredForAdmin(email));
  }
}

/** Admin accounts made outside sign-up (docs/security.md): `npm run admin:create` and ADMIN_EMAIL at start-up. */
@Injectable()
export class AdminAccountsService {
  private readonly revocations?: SessionRevocations;

  constructor(
    private readonly users: UsersService,
    private readonly hasher: PasswordHasher,
    @Inject(REFRESH_TOKEN_STORE) private readonly sessions: RefreshTokenStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @InjectDataSource() private readonly dataSource: DataSource,
    // Optional for a context built without Redis: the sessions still end (no refresh) and their access tokens
    // expire within minutes instead of at once. A Redis that does not answer only delays the announcement.
    @Optional() @Inject(REDIS) redis?: Redis,
  ) {
    this.revocations = redis ? new SessionRevocations(redis) : undefined;
  }

  /**
   * Creates an admin, or promotes the account already holding the address and sets the given password.
   * Answers which of the two happened. Anybody can register any address, so an account is promoted only once its
   * owner proved the address (UnconfirmedAccountError otherwise), and promotion ends every session it had: a
   * session started before, by whoever knew the old password, must not turn into an administrator's.
   */
  async createOrPromote(command: AdminAccountCommand): Promise<{ user: User; created: boolean }> {
    const parsed = AdminAccountSchema.safeParse(command);
    if (!parsed.success) throw new ValidationFailedError(fieldErrors(parsed.error));
    const { email, password } = parsed.data;
    const passwordHash = await this.hasher.hash(password);
    const existing = await this.users.findByEmail(email);
    if (!existing) {
      try {
        return { user: await this.users.create({ email, passwordHash, role: 'admin', firstName: 'Admin' }), created: true };
      } catch (error) {
        // Someone registered the address at the same moment: promote that account instead.
        if (!isAuthError(error, 'EMAIL_TAKEN')) throw error;
      }
    }
    const account = existing ?? (await this.users.findByEmail(email));
    if (!account) throw new Error(`account ${email} vanished while being promoted`);
    // One transaction: an account is never an admin with its earlier sessions still alive.
    const ended = await this.dataSource.transaction(async (manager) => {
      if (!(await this.users.promoteToAdmin(account.id, passwordHash, manager))) throw new UnconfirmedAccountError(account.email);
      return this.sessions.revokeAllForUser(account.id, this.clock.now(), manager);
    });
    await this.revocations?.announce(ended);
    return { user: { ...account, role: 'admin', passwordHash }, created: false };
  }

  /** The first admin from the environment: created only when the address is free; an existing account stays as it is. */
  async ensureAdmin(email: string, password: string): Promise<User | null> {
    if (await this.users.findByEmail(email)) return null;
    try {
      return await this.users.create({ email, passwordHash: await this.hasher.hash(password), role: 'admin', firstName: 'Admin' });
    } catch (error) {
      // Another replica created it at the same moment.
      if (isAuthError(error, 'EMAIL_TAKEN')) return null;
      throw error;
    }
  }
}
