import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module.js';
import { SessionsModule } from '../sessions/sessions.module.js';
import { ThrottlingModule } from '../throttling/throttling.module.js';
import { UsersModule } from '../users/users.module.js';
import { BackupCode } from './backup-code.entity.js';
import { MfaFactor } from './mfa-factor.entity.js';
import { MfaSettingsService } from './mfa-settings.service.js';
import { MfaSignInService } from './mfa-sign-in.service.js';
import { MfaController } from './mfa.controller.js';
import { MfaService } from './mfa.service.js';

/**
 * /api/mfa: TOTP two-factor and backup codes, and the sign-in's second step. Exports MfaService: deleting an
 * account asks for a code when two-factor is on.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([MfaFactor, BackupCode]),
    UsersModule,
    SessionsModule,
    ThrottlingModule,
    AuditModule,
  ],
  controllers: [MfaController],
  providers: [MfaService, MfaSettingsService, MfaSignInService],
  exports: [MfaService],
})
export class MfaModule {}
