import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module.js';
import { SessionsModule } from '../sessions/sessions.module.js';
import { ThrottlingModule } from '../throttling/throttling.module.js';
import { UsersModule } from '../users/users.module.js';
import { SERVICE_CONFIG } from '@paycadence/nest-kit';
import type { AuthConfig } from '../config.js';
import { BackupCode } from './backup-code.entity.js';
import { MfaFactor } from './mfa-factor.entity.js';
import { MfaSettingsService } from './mfa-settings.service.js';
import { MfaSignInService } from './mfa-sign-in.service.js';
import { MfaController } from './mfa.controller.js';
import { MfaService } from './mfa.service.js';
import { PasskeySignInService } from './passkey-sign-in.service.js';
import { PasskeyController } from './passkey.controller.js';
import { SecurityKey } from './security-key.entity.js';
import { SecurityKeysService } from './security-keys.service.js';
import { WebAuthnCeremonies } from './webauthn/ceremonies.js';
import { RELYING_PARTY, relyingPartyOf } from './webauthn/relying-party.js';

/**
 * /api/mfa: TOTP two-factor, security keys and backup codes, and the sign-in's second step; /api/auth/passkey:
 * sign-in with a passkey alone. Exports MfaService: deleting an account asks for a code when two-factor is on.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([MfaFactor, BackupCode, SecurityKey]),
    UsersModule,
    SessionsModule,
    ThrottlingModule,
    AuditModule,
  ],
  controllers: [MfaController, PasskeyController],
  providers: [
    MfaService,
    MfaSettingsService,
    MfaSignInService,
    SecurityKeysService,
    PasskeySignInService,
    WebAuthnCeremonies,
    { provide: RELYING_PARTY, useFactory: (config: AuthConfig) => relyingPartyOf(config.APP_URL), inject: [SERVICE_CONFIG] },
  ],
  exports: [MfaService],
})
export class MfaModule {}
