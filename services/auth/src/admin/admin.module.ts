import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module.js';
import { AuthModule } from '../auth/auth.module.js';
import { EmailConfirmationModule } from '../email-confirmation/email-confirmation.module.js';
import { SessionsModule } from '../sessions/sessions.module.js';
import { User } from '../users/user.entity.js';
import { UsersModule } from '../users/users.module.js';
import { AccountStatusPublisher } from './account-status.publisher.js';
import { AdminAccountsModule } from './admin-accounts.module.js';
import { AdminBootstrapService } from './admin-bootstrap.service.js';
import { AdminMessagesController } from './admin-messages.controller.js';
import { AdminUserList } from './admin-user-list.js';
import { AdminUsersService } from './admin-users.service.js';

/**
 * The admin service's account questions (AUTH_ADMIN_PATTERNS, Redis transport) and the first admin from
 * ADMIN_EMAIL at start-up. Exports AccountStatusPublisher: a deleted account's access tokens are refused
 * at once, as a suspended one's are.
 */
@Module({
  imports: [
    AdminAccountsModule,
    UsersModule,
    SessionsModule,
    AuthModule,
    EmailConfirmationModule,
    AuditModule,
    TypeOrmModule.forFeature([User]),
  ],
  controllers: [AdminMessagesController],
  providers: [AdminUsersService, AdminUserList, AdminBootstrapService, AccountStatusPublisher],
  exports: [AccountStatusPublisher],
})
export class AdminModule {}
