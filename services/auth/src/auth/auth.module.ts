import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SERVICE_CONFIG } from '@paycadence/nest-kit';
import { AuditModule } from '../audit/audit.module.js';
import type { AuthConfig } from '../config.js';
import { EmailConfirmationModule } from '../email-confirmation/email-confirmation.module.js';
import { SessionsModule } from '../sessions/sessions.module.js';
import { ThrottlingModule } from '../throttling/throttling.module.js';
import { TokensModule } from '../tokens/tokens.module.js';
import { UsersModule } from '../users/users.module.js';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { APP_URL, PasswordResetService } from './password-reset.service.js';
import { RecoveryToken } from './recovery-token.entity.js';

/**
 * /api/auth: registration, sign-in, refresh, sign-out, the profile and password reset. Exports
 * PasswordResetService: an approval by the admin service issues its set-password link the same way.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([RecoveryToken]),
    UsersModule,
    SessionsModule,
    TokensModule,
    ThrottlingModule,
    AuditModule,
    EmailConfirmationModule,
  ],
  controllers: [AuthController],
  providers: [
    { provide: APP_URL, useFactory: (config: AuthConfig) => config.APP_URL, inject: [SERVICE_CONFIG] },
    AuthService,
    PasswordResetService,
  ],
  exports: [PasswordResetService],
})
export class AuthModule {}
