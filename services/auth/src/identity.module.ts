import { Module, type DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminBootstrapService, ADMIN_BOOTSTRAP } from './admin/admin-bootstrap.service.js';
import { AuthController } from './auth/auth.controller.js';
import { AuthService } from './auth/auth.service.js';
import { APP_URL, PasswordResetService } from './auth/password-reset.service.js';
import { RecoveryToken } from './auth/recovery-token.entity.js';
import { CLOCK, type Clock } from './common/clock.js';
import { RateLimits, REDIS_KEY_PREFIX } from './common/rate-limits.js';
import type { AuthConfig } from './config.js';
import { PasswordHasher } from './crypto/password-hasher.js';
import { BackupCode } from './mfa/backup-code.entity.js';
import { MfaFactor } from './mfa/mfa-factor.entity.js';
import { MfaSignInService } from './mfa/mfa-sign-in.service.js';
import { MfaController } from './mfa/mfa.controller.js';
import { MfaService } from './mfa/mfa.service.js';
import { RefreshToken } from './sessions/refresh-token.entity.js';
import { REFRESH_TOKEN_STORE, TypeOrmRefreshTokenStore } from './sessions/refresh-token.store.js';
import { UsersSessionLookup } from './sessions/session-user-lookup.js';
import { ACCESS_TOKEN_SIGNER, SESSION_USER_LOOKUP, SessionService } from './sessions/session.service.js';
import { AUTH_KEYS, type AuthKeys } from './tokens/auth-keys.js';
import { JwksController } from './tokens/jwks.controller.js';
import { TokenIssuer } from './tokens/token-issuer.js';
import { User } from './users/user.entity.js';
import { UsersService } from './users/users.service.js';

export const AUTH_ENTITIES = [User, RefreshToken, MfaFactor, BackupCode, RecoveryToken];

/** Accounts, sessions, two-factor and password reset: one module, feature folders inside. */
@Module({})
export class IdentityModule {
  static register(config: AuthConfig, keys: AuthKeys, clock: Clock): DynamicModule {
    return {
      module: IdentityModule,
      imports: [TypeOrmModule.forFeature(AUTH_ENTITIES)],
      controllers: [AuthController, MfaController, JwksController],
      providers: [
        { provide: AUTH_KEYS, useValue: keys },
        { provide: CLOCK, useValue: clock },
        { provide: REDIS_KEY_PREFIX, useValue: config.REDIS_KEY_PREFIX },
        { provide: APP_URL, useValue: config.APP_URL },
        { provide: ADMIN_BOOTSTRAP, useValue: { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD } },
        { provide: PasswordHasher, useValue: new PasswordHasher(config.ARGON2) },
        { provide: REFRESH_TOKEN_STORE, useClass: TypeOrmRefreshTokenStore },
        { provide: ACCESS_TOKEN_SIGNER, useExisting: TokenIssuer },
        { provide: SESSION_USER_LOOKUP, useClass: UsersSessionLookup },
        TokenIssuer,
        UsersService,
        SessionService,
        RateLimits,
        AuthService,
        PasswordResetService,
        MfaService,
        MfaSignInService,
        AdminBootstrapService,
      ],
    };
  }
}
