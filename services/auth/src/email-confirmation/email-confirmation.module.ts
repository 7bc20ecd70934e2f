import { Module } from '@nestjs/common';
import { SERVICE_CONFIG } from '@paycadence/nest-kit';
import { AuditModule } from '../audit/audit.module.js';
import { APP_URL } from '../auth/password-reset.service.js';
import type { AuthConfig } from '../config.js';
import { ThrottlingModule } from '../throttling/throttling.module.js';
import { UsersModule } from '../users/users.module.js';
import { EmailConfirmationController } from './email-confirmation.controller.js';
import { EmailConfirmationService } from './email-confirmation.service.js';

/**
 * Confirming an account's e-mail address (docs/email-addresses.md): the links mailed at sign-up and on
 * resend, and `POST /api/auth/confirm-email`. Exports the service: sign-up, and an account the admin
 * service creates, get their first link from it.
 */
@Module({
  imports: [UsersModule, ThrottlingModule, AuditModule],
  controllers: [EmailConfirmationController],
  providers: [
    { provide: APP_URL, useFactory: (config: AuthConfig) => config.APP_URL, inject: [SERVICE_CONFIG] },
    EmailConfirmationService,
  ],
  exports: [EmailConfirmationService],
})
export class EmailConfirmationModule {}
