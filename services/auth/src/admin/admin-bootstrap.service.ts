import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectServiceConfig } from '@paycadence/nest-kit';
import type { AuthConfig } from '../config.js';
import { AdminAccountsService } from './admin-accounts.service.js';

/** docs/security.md: the first admin from ADMIN_EMAIL / ADMIN_PASSWORD at start-up, created only if absent. */
@Injectable()
export class AdminBootstrapService implements OnApplicationBootstrap {
  private readonly logger = new Logger('AdminBootstrap');

  constructor(
    private readonly admins: AdminAccountsService,
    @InjectServiceConfig() private readonly config: AuthConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const { ADMIN_EMAIL: email, ADMIN_PASSWORD: password } = this.config;
    if (!email || !password) return;
    if (await this.admins.ensureAdmin(email, password)) this.logger.log(`created the first admin ${email.toLowerCase()}`);
  }
}
