import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SERVICE_CONFIG } from '@payday/nest-kit';
import { AccountDataClient } from './account-data/account-data.client.js';
import { AccountDataController } from './account-data/account-data.controller.js';
import { AccountDeletionService } from './account-data/account-deletion.service.js';
import { AccountExportService } from './account-data/account-export.service.js';
import { AdminAccountsModule } from './admin/admin-accounts.module.js';
import { AccountStatusPublisher } from './admin/account-status.publisher.js';
import { AdminBootstrapService } from './admin/admin-bootstrap.service.js';
import { AdminMessagesController } from './admin/admin-messages.controller.js';
import { AdminUsersService } from './admin/admin-users.service.js';
import { AuditTrail } from './audit/audit-trail.js';
import { LockoutRecorder } from './audit/lockout-recorder.js';
import { AuthController } from './auth/auth.controller.js';
import { AuthService } from './auth/auth.service.js';
import { APP_URL, PasswordResetService } from './auth/password-reset.service.js';
import { RecoveryToken } from './auth/recovery-token.entity.js';
import { RateLimits, REDIS_KEY_PREFIX } from './common/rate-limits.js';
import { DeviceCookies } from './throttling/device-cookie.js';
import { EmailConfirmationController } from './email-confirmation/email-confirmation.controller.js';
import { EmailConfirmation } from './email-confirmation/email-confirmation.entity.js';
import { EmailConfirmationService } from './email-confirmation/email-confirmation.service.js';
import type { AuthConfig } from './config.js';
import { BackupCode } from './mfa/backup-code.entity.js';
import { MfaFactor } from './mfa/mfa-factor.entity.js';
import { MfaSettingsService } from './mfa/mfa-settings.service.js';
import { MfaSignInService } from './mfa/mfa-sign-in.service.js';
import { MfaController } from './mfa/mfa.controller.js';
import { MfaService } from './mfa/mfa.service.js';
import { RefreshToken } from './sessions/refresh-token.entity.js';
import { REFRESH_TOKEN_STORE, TypeOrmRefreshTokenStore } from './sessions/refresh-token.store.js';
import { UsersSessionLookup } from './sessions/session-user-lookup.js';
import { ACCESS_TOKEN_SIGNER, SESSION_USER_LOOKUP, SessionService } from './sessions/session.service.js';
import { JwksController } from './tokens/jwks.controller.js';
import { TokenIssuer } from './tokens/token-issuer.js';
import { User } from './users/user.entity.js';
import { UsersModule } from './users/users.module.js';

export const AUTH_ENTITIES = [User, RefreshToken, MfaFactor, BackupCode, RecoveryToken, EmailConfirmation];

/**
 * Accounts, sessions, two-factor, password reset and the admin service's account questions (Redis transport):
 * one module, feature folders inside. Needs AUTH_KEYS and JobsModule (audit events).
 */
@Module({
  imports: [TypeOrmModule.forFeature(AUTH_ENTITIES), UsersModule, AdminAccountsModule],
  controllers: [AuthController, EmailConfirmationController, MfaController, JwksController, AdminMessagesController, AccountDataController],
  providers: [
    { provide: REDIS_KEY_PREFIX, useFactory: (config: AuthConfig) => config.REDIS_KEY_PREFIX, inject: [SERVICE_CONFIG] },
    { provide: APP_URL, useFactory: (config: AuthConfig) => config.APP_URL, inject: [SERVICE_CONFIG] },
    { provide: REFRESH_TOKEN_STORE, useClass: TypeOrmRefreshTokenStore },
    { provide: ACCESS_TOKEN_SIGNER, useExisting: TokenIssuer },
    { provide: SESSION_USER_LOOKUP, useClass: UsersSessionLookup },
    TokenIssuer,
    SessionService,
    RateLimits,
    DeviceCookies,
    AuthService,
    PasswordResetService,
    EmailConfirmationService,
    MfaService,
    MfaSettingsService,
    MfaSignInService,
    AdminBootstrapService,
    AdminUsersService,
    AccountStatusPublisher,
    AuditTrail,
    LockoutRecorder,
    // Your data, yours.
    AccountDataClient,
    AccountExportService,
    AccountDeletionService,
  ],
})
export class IdentityModule {}
