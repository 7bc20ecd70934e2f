import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import QRCode from 'qrcode';
import { IsNull, type Repository } from 'typeorm';
import type { MfaSetupResponse, MfaStatusResponse } from '@paycadence/contracts';
import { CLOCK, type Clock } from '@paycadence/nest-kit';
import { AuthError } from '../errors.js';
import { RateLimits } from '../throttling/rate-limits.js';
import { AUTH_KEYS, type AuthKeys } from '../tokens/auth-keys.js';
import { BackupCode } from './backup-code.entity.js';
import { generateBackupCodes, looksLikeBackupCode, normalizeBackupCode } from './backup-codes.js';
import { MfaFactor } from './mfa-factor.entity.js';
import { newTotpSecret, totpUri, verifyTotp } from './totp.js';

const SECRET_PURPOSE = 'mfa_factors.secret';
const BACKUP_PURPOSE = 'backup_codes.code';

/** TOTP factor and backup codes of one user (docs/security.md; docs/product/accounts.md §2 two-factor panel). */
@Injectable()
export class MfaService {
  constructor(
    @InjectRepository(MfaFactor) private readonly factors: Repository<MfaFactor>,
    @InjectRepository(BackupCode) private readonly backupCodes: Repository<BackupCode>,
    @Inject(AUTH_KEYS) private readonly keys: AuthKeys,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly rateLimits: RateLimits,
  ) {}

  async status(userId: string): Promise<MfaStatusResponse> {
    const factor = await this.factors.findOneBy({ userId });
    const enabled = factor?.enabled ?? false;
    const backupCodesRemaining = enabled ? await this.backupCodes.countBy({ userId, usedAt: IsNull() }) : 0;
    return {
      enabled,
      factors: enabled ? [{ id: userId, factor_type: 'totp', status: 'verified', friendly_name: 'Authenticator app' }] : [],
      backupCodesRemaining,
    };
  }

  /** A new pending secret (replacing any earlier pending one); the QR and the key to type in. */
  async setup(userId: string, accountEmail: string): Promise<MfaSetupResponse> {
    const existing = await this.factors.findOneBy({ userId });
    if (existing?.enabled) throw new AuthError('MFA_ALREADY_ENABLED');
    const secret = newTotpSecret();
    await this.factors.upsert(
      { userId, secretEnc: this.keys.box.encrypt(secret, SECRET_PURPOSE), enabled: false, lastUsedStep: null, enabledAt: null },
      ['userId'],
    );
    const qrCode = await QRCode.toDataURL(totpUri(secret, accountEmail), { errorCorrectionLevel: 'M', margin: 1, width: 240 });
    return { success: true, qrCode, manualEntryKey: secret };
  }

  /**
   * Enabling needs the current password (`passwordMatches`) and a valid code for the
   * pending secret; answers the 10 backup codes, shown once. Both count against the account like a sign-in
   * code.
   */
  async enable(userId: string, accountEmail: string, code: string, passwordMatches: () => Promise<boolean>): Promise<string[]> {
    const factor = await this.factors.findOneBy({ userId });
    if (!factor) throw new AuthError('MFA_SETUP_FIRST');
    if (factor.enabled) throw new AuthError('MFA_ALREADY_ENABLED');
    await this.counted(accountEmail, passwordMatches, () => this.consumeTotp(factor, code));
    await this.factors.update({ userId }, { enabled: true, enabledAt: this.clock.now() });
    return this.replaceBackupCodes(userId);
  }

  /**
   * Turning it off needs the current password and a current code (or a backup code), counted like enable's;
   * removes the factor and its codes.
   */
  async disable(userId: string, accountEmail: string, code: string, passwordMatches: () => Promise<boolean>): Promise<void> {
    const factor = await this.factors.findOneBy({ userId, enabled: true });
    if (!factor) throw new AuthError('MFA_NOT_ENABLED');
    await this.counted(accountEmail, passwordMatches, () => this.checkSecondFactor(factor, code));
    await this.backupCodes.delete({ userId });
    await this.factors.delete({ userId });
  }

  /**
   * Takes an attempt from the account's counter first (429 when spent); then the password, and only when it
   * is right the code (so a wrong password never spends a code); both right give the attempt back. A wrong
   * password or code keeps it counted and answers MFA_PASSWORD_INCORRECT / MFA_CODE_INVALID.
   */
  private async counted(accountEmail: string, passwordMatches: () => Promise<boolean>, codeMatches: () => Promise<boolean>): Promise<void> {
    await this.rateLimits.takeAccountAttempt(accountEmail);
    let passwordRight: boolean;
    let codeRight = false;
    try {
      passwordRight = await passwordMatches();
      if (passwordRight) codeRight = await codeMatches();
    } catch (error) {
      // Nothing was judged (the database or the hasher failed): the attempt goes back.
      await this.rateLimits.returnAccountAttempt(accountEmail).catch(() => undefined);
      throw error;
    }
    if (!passwordRight) throw new AuthError('MFA_PASSWORD_INCORRECT');
    if (!codeRight) throw new AuthError('MFA_CODE_INVALID');
    await this.rateLimits.returnAccountAttempt(accountEmail);
  }

  /** The sign-in second step: a 6-digit code (never one already used) or an unused backup code. */
  async verifyForSignIn(userId: string, code: string): Promise<boolean> {
    const factor = await this.factors.findOneBy({ userId, enabled: true });
    return factor ? this.checkSecondFactor(factor, code) : false;
  }

  /**
   * GET /api/mfa/backup-codes/{userId}: codes are stored hashed and cannot be shown again, so this issues a
   * NEW set of 10 and invalidates every earlier one.
   */
  async regenerateBackupCodes(userId: string): Promise<string[]> {
    if (!(await this.factors.existsBy({ userId, enabled: true }))) throw new AuthError('MFA_NOT_ENABLED');
    return this.replaceBackupCodes(userId);
  }

  private async checkSecondFactor(factor: MfaFactor, code: string): Promise<boolean> {
    const trimmed = code.trim();
    if (/^\d{6}$/.test(trimmed)) return this.consumeTotp(factor, trimmed);
    return looksLikeBackupCode(trimmed) ? this.consumeBackupCode(factor.userId, trimmed) : false;
  }

  /** Accepts a code at most once: the step is stored only if it is newer than the last (atomic). */
  private async consumeTotp(factor: MfaFactor, code: string): Promise<boolean> {
    const secret = this.keys.box.decrypt(factor.secretEnc, SECRET_PURPOSE);
    const lastUsedStep = factor.lastUsedStep === null ? null : Number(factor.lastUsedStep);
    const step = await verifyTotp(secret, code, this.clock.now(), lastUsedStep);
    if (step === null) return false;
    const result = await this.factors
      .createQueryBuilder()
      .update()
      .set({ lastUsedStep: String(step) })
      .where('user_id = :userId AND (last_used_step IS NULL OR last_used_step < :step)', { userId: factor.userId, step })
      .execute();
    return (result.affected ?? 0) === 1;
  }

  private async consumeBackupCode(userId: string, code: string): Promise<boolean> {
    const codeHash = this.keys.box.keyedHash(normalizeBackupCode(code), BACKUP_PURPOSE);
    const result = await this.backupCodes.update({ userId, codeHash, usedAt: IsNull() }, { usedAt: this.clock.now() });
    return (result.affected ?? 0) === 1;
  }

  private async replaceBackupCodes(userId: string): Promise<string[]> {
    const codes = generateBackupCodes();
    await this.backupCodes.manager.transaction(async (manager) => {
      await manager.delete(BackupCode, { userId });
      await manager.insert(
        BackupCode,
        codes.map((code) => ({ userId, codeHash: this.keys.box.keyedHash(normalizeBackupCode(code), BACKUP_PURPOSE) })),
      );
    });
    return codes;
  }
}
