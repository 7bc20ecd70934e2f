import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ACCOUNT_DATA_SERVICES } from '@paycadence/contracts';
import { CLOCK, exportUserRows, type Clock } from '@paycadence/nest-kit';
import type { DataSource } from 'typeorm';
import { AuthError } from '../errors.js';
import { UsersService } from '../users/users.service.js';
import { accountArchive, type ExportedServices } from './account-archive.js';
import { AccountDataClient } from './account-data.client.js';
import { AUTH_USER_TABLES, accountSubject } from './auth-user-tables.js';

/**
 * The signed-in user's data as one .zip: auth's own rows and every other service's answer,
 * asked at once. One service not answering fails the whole export (503): a download that silently lacks the
 * bank data would be worse than 'try again'.
 */
@Injectable()
export class AccountExportService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly users: UsersService,
    @Inject(AccountDataClient) private readonly services: AccountDataClient,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async archive(userId: string): Promise<{ zip: Uint8Array; exportedAt: Date }> {
    const user = await this.users.findById(userId);
    if (!user || user.deletionRequestedAt) throw new AuthError('SESSION_EXPIRED');
    if (user.status === 'suspended') throw new AuthError('ACCOUNT_SUSPENDED');
    const subject = accountSubject(user);
    const exportedAt = this.clock.now();
    const [own, ...others] = await Promise.all([
      exportUserRows(this.dataSource.manager, AUTH_USER_TABLES, subject),
      ...ACCOUNT_DATA_SERVICES.map((service) => this.services.exportOf(service, subject)),
    ]).catch((error: unknown) => {
      if (error instanceof AuthError) throw error;
      throw new AuthError('ACCOUNT_DATA_UNAVAILABLE');
    });
    const services: ExportedServices = { auth: own };
    ACCOUNT_DATA_SERVICES.forEach((service, index) => (services[service] = others[index]!));
    return { zip: accountArchive({ userId: user.id, email: user.email, exportedAt, services }), exportedAt };
  }
}
