import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { PasswordHasher } from '../crypto/password-hasher.js';
import { EmailTakenError, UsersService } from '../users/users.service.js';

export const ADMIN_BOOTSTRAP = Symbol('ADMIN_BOOTSTRAP');
export interface AdminBootstrapSettings {
  email?: string;
  password?: string;
}

/** DESIGN §4: the first admin from ADMIN_EMAIL / ADMIN_PASSWORD at start-up, created only if absent. */
@Injectable()
export class AdminBootstrapService implements OnApplicationBootstrap {
  private readonly logger = new Logger('AdminBootstrap');

  constructor(
    private readonly users: UsersService,
    private readonly hasher: PasswordHasher,
    @Inject(ADMIN_BOOTSTRAP) private readonly settings: AdminBootstrapSettings,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const { email, password } = this.settings;
    if (!email || !password) return;
    if (await this.users.findByEmail(email)) return;
    try {
      await this.users.create({ email, passwordHash: await this.hasher.hash(password), role: 'admin', firstName: 'Admin' });
      this.logger.log(`created the first admin ${email.toLowerCase()}`);
    } catch (error) {
      // Another replica created it at the same moment.
      if (!(error instanceof EmailTakenError)) throw error;
    }
  }
}
