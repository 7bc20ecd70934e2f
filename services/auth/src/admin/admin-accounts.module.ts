import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module.js';
import { AdminAccountsService } from './admin-accounts.service.js';

/** What `admin:create` needs (and nothing else of the service): accounts, hashing, the admin rules. */
@Module({
  imports: [UsersModule],
  providers: [AdminAccountsService],
  exports: [AdminAccountsService],
})
export class AdminAccountsModule {}
