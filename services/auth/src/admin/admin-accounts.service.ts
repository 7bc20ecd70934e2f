import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { adminPasswordField, emailField, fieldErrors } from '@payday/contracts';
import { ValidationFailedError } from '@payday/nest-kit';
import { isAuthError } from '../common/auth-error.js';
import { PasswordHasher } from '../crypto/password-hasher.js';
import type { User } from '../users/user.entity.js';
import { UsersService } from '../users/users.service.js';

/** spec part 2 §5 "Create user": e-mail required and valid; the admin-created password rule (contracts, one place). */
export const AdminAccountSchema = z.object({ email: emailField, password: adminPasswordField });
export type AdminAccountCommand = z.input<typeof AdminAccountSchema>;

/** Admin accounts made outside sign-up (DESIGN §4): `npm run admin:create` and ADMIN_EMAIL at start-up. */
@Injectable()
export class AdminAccountsService {
  constructor(
    private readonly users: UsersService,
    private readonly hasher: PasswordHasher,
  ) {}

  /**
   * Creates an admin, or promotes the account already holding the address and sets the given password.
   * Answers which of the two happened.
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
    await this.users.promoteToAdmin(account.id, passwordHash);
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
