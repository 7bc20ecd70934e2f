import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import QRCode from 'qrcode';
import { IsNull, type EntityManager, type Repository } from 'typeorm';
import type { AuthenticationCredential, MfaSetupResponse, MfaStatusResponse, RegistrationCredential } from '@paycadence/contracts';
import { CLOCK, type Clock } from '@paycadence/nest-kit';
import { AuthError, isAuthError } from '../errors.js';
import { RateLimits } from '../throttling/rate-limits.js';
import { AUTH_KEYS, type AuthKeys } from '../tokens/auth-keys.js';
import { BackupCode } from './backup-code.entity.js';
import { generateBackupCodes, looksLikeBackupCode, normalizeBackupCode } from './backup-codes.js';
import { UsersService } from '../users/users.service.js';
import { MfaFactor } from './mfa-factor.entity.js';
import { SecurityKey } from './security-key.entity.js';
import { SecurityKeysService } from './security-keys.service.js';
import { newTotpSecret, totpUri, verifyTotp } from './totp.js';

const SECRET_PURPOSE = 'mfa_factors.secret';
const BACKUP_PURPOSE = 'backup_codes.code';

/** What proves the second factor for a change: a code (the app's or a backup code) or an assertion of a key. */
export type SecondFactorProof = { readonly code: string } | { readonly credential: AuthenticationCredential; readonly sessionId: string };

/**
 * The second factors of one user (docs/security.md, docs/passkeys.md; docs/product/accounts.md §2 two-factor
 * panel): the TOTP factor, security keys, and the backup codes, which exist while two-factor is on.
 */
@Injectable()
export class MfaService {
  constructor(
    @InjectRepository(MfaFactor) private readonly factors: Repository<MfaFactor>,
    @InjectRepository(BackupCode) private readonly backupCodes: Repository<BackupCode>,
    @Inject(AUTH_KEYS) private readonly keys: AuthKeys,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly rateLimits: RateLimits,
    private readonly users: UsersService,
    private readonly securityKeys: SecurityKeysService,
  ) {}

  async status(userId: string): Promise<MfaStatusResponse> {
    const [factor, keys] = await Promise.all([this.factors.findOneBy({ userId }), this.securityKeys.views(userId)]);
    const totp = factor?.enabled ?? false;
    const enabled = totp || keys.length > 0;
    const backupCodesRemaining = enabled ? await this.backupCodes.countBy({ userId, usedAt: IsNull() }) : 0;
    return {
      enabled,
      factors: [
        ...(totp ? [{ id: userId, factor_type: 'totp' as const, status: 'verified' as const, friendly_name: 'Authenticator app' }] : []),
        ...keys,
      ],
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
   * pending secret; answers the 10 backup codes, shown once, when this turned two-factor on (an account that
   * already has a key keeps its codes). Both count against the account like a sign-in code.
   */
  async enable(userId: string, accountEmail: string, code: string, passwordMatches: () => Promise<boolean>): Promise<string[] | null> {
    const factor = await this.factors.findOneBy({ userId });
    if (!factor) throw new AuthError('MFA_SETUP_FIRST');
    if (factor.enabled) throw new AuthError('MFA_ALREADY_ENABLED');
    await this.counted(accountEmail, passwordMatches, () => this.consumeTotp(factor, code));
    const wasOn = await this.users.isMfaEnabled(userId);
    await this.factors.update({ userId }, { enabled: true, enabledAt: this.clock.now() });
    return wasOn ? null : this.replaceBackupCodes(userId);
  }

  /**
   * Adding a key needs the current password, counted like enable's, and the browser's answer to the options of
   * the same session. Answers the key and, when it turned two-factor on, the 10 backup codes (shown once).
   */
  async addKey(
    userId: string,
    accountEmail: string,
    key: { name: string; credential: RegistrationCredential; sessionId: string },
    passwordMatches: () => Promise<boolean>,
  ): Promise<{ key: SecurityKey; codes: string[] | null }> {
    await this.counted(accountEmail, passwordMatches, async () => true);
    let codes: string[] | null = null;
    const added = await this.securityKeys.register(userId, key.sessionId, key.name, key.credential, async (manager, first) => {
      if (first) codes = await this.replaceBackupCodes(userId, manager);
    });
    return { key: added, codes };
  }

  /**
   * Removing a key needs the current password. The last second factor stays while two-factor is on (turning it
   * off is its own step); answers the key's name.
   */
  async removeKey(userId: string, accountEmail: string, keyId: string, passwordMatches: () => Promise<boolean>): Promise<string> {
    await this.counted(accountEmail, passwordMatches, async () => true);
    return this.factors.manager.transaction(async (manager) => {
      await manager.query(`SELECT id FROM users WHERE id = $1 FOR UPDATE`, [userId]);
      const name = await this.securityKeys.remove(userId, keyId, manager);
      if (name === null) throw new AuthError('KEY_NOT_FOUND');
      const [{ left }] = (await manager.query(
        `SELECT EXISTS (SELECT 1 FROM mfa_factors WHERE user_id = $1 AND enabled) OR EXISTS (SELECT 1 FROM security_keys WHERE user_id = $1) AS left`,
        [userId],
      )) as { left: boolean }[];
      if (!left) throw new AuthError('KEY_LAST_FACTOR');
      return name;
    });
  }

  /**
   * Turning it off needs the current password and a second factor: a current code or a backup code, or an
   * assertion of one of the keys (answering the session's step-up options). Removes the app, the keys and the
   * codes.
   */
  async disable(userId: string, accountEmail: string, proof: SecondFactorProof, passwordMatches: () => Promise<boolean>): Promise<void> {
    if (!(await this.users.isMfaEnabled(userId))) throw new AuthError('MFA_NOT_ENABLED');
    await this.counted(accountEmail, passwordMatches, () => this.checkProof(userId, proof));
    await this.factors.manager.transaction(async (manager) => {
      await manager.delete(BackupCode, { userId });
      await manager.delete(SecurityKey, { userId });
      await manager.delete(MfaFactor, { userId });
    });
  }

  private async checkProof(userId: string, proof: SecondFactorProof): Promise<boolean> {
    if ('code' in proof) return this.verifyForSignIn(userId, proof.code);
    const challenge = await this.securityKeys.takeChallenge('step-up', proof.sessionId);
    if (!challenge) throw new AuthError('KEY_CHALLENGE_EXPIRED');
    const key = await this.securityKeys.findKey(proof.credential.id, userId);
    if (!key) return false;
    const verdict = await this.securityKeys.prove(key, proof.credential, challenge);
    // A copy of the key signed: refused like a wrong code, and named so the caller records it.
    if (verdict.outcome === 'cloned') throw new AuthError('KEY_CLONED');
    return verdict.outcome === 'verified';
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
      // Nothing was judged (the database or the hasher failed, a key's challenge was gone): the attempt goes
      // back. A copied key was judged, and stays counted.
      if (!isAuthError(error, 'KEY_CLONED')) await this.rateLimits.returnAccountAttempt(accountEmail).catch(() => undefined);
      throw error;
    }
    if (!passwordRight) throw new AuthError('MFA_PASSWORD_INCORRECT');
    if (!codeRight) throw new AuthError('MFA_CODE_INVALID');
    await this.rateLimits.returnAccountAttempt(accountEmail);
  }

  /**
   * The sign-in second step: a 6-digit code of the app (never one already used), or an unused backup code while
   * two-factor is on (by the app or by keys).
   */
  async verifyForSignIn(userId: string, code: string): Promise<boolean> {
    const trimmed = code.trim();
    if (/^\d{6}$/.test(trimmed)) {
      const factor = await this.factors.findOneBy({ userId, enabled: true });
      return factor ? this.consumeTotp(factor, trimmed) : false;
    }
    return looksLikeBackupCode(trimmed) && (await this.users.isMfaEnabled(userId)) ? this.consumeBackupCode(userId, trimmed) : false;
  }

  /**
   * GET /api/mfa/backup-codes/{userId}: codes are stored hashed and cannot be shown again, so this issues a
   * NEW set of 10 and invalidates every earlier one.
   */
  async regenerateBackupCodes(userId: string): Promise<string[]> {
    if (!(await this.users.isMfaEnabled(userId))) throw new AuthError('MFA_NOT_ENABLED');
    return this.replaceBackupCodes(userId);
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

  /** A new set of 10 in place of the old, in `manager`'s transaction when given (a key added with them). */
  private async replaceBackupCodes(userId: string, manager?: EntityManager): Promise<string[]> {
    const codes = generateBackupCodes();
    const replace = async (inside: EntityManager) => {
      await inside.delete(BackupCode, { userId });
      await inside.insert(
        BackupCode,
        codes.map((code) => ({ userId, codeHash: this.keys.box.keyedHash(normalizeBackupCode(code), BACKUP_PURPOSE) })),
      );
    };
    await (manager ? replace(manager) : this.backupCodes.manager.transaction(replace));
    return codes;
  }
}
