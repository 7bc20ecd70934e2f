import { Inject, Injectable } from '@nestjs/common';
import type {
  AddSecurityKeyRequest,
  BackupCodesResponse,
  CredentialCreationOptionsResponse,
  CredentialRequestOptionsResponse,
  MfaCodeRequest,
  MfaDisableRequest,
  MfaResultResponse,
  MfaSetupResponse,
  MfaStatusResponse,
  RemoveSecurityKeyRequest,
} from '@paycadence/contracts';
import type { AuthenticatedUser } from '@paycadence/nest-kit';
import { AuditTrail, NO_ORIGIN, type RequestOrigin } from '../audit/audit-trail.js';
import { LockoutRecorder } from '../audit/lockout-recorder.js';
import { AuthError, isAuthError } from '../errors.js';
import { PasswordHasher } from '../crypto/password-hasher.js';
import { SessionService } from '../sessions/session.service.js';
import type { User } from '../users/user.entity.js';
import { UsersService } from '../users/users.service.js';
import { MfaService, type SecondFactorProof } from './mfa.service.js';
import { SecurityKeysService } from './security-keys.service.js';

/**
 * The signed-in two-factor panel (docs/product/accounts.md §7): each step checks that the `{userId}` is the caller's own
 * (403 otherwise, docs/architecture.md) and keeps the caller's sessions in step with the factor.
 */
@Injectable()
export class MfaSettingsService {
  constructor(
    private readonly mfa: MfaService,
    private readonly users: UsersService,
    private readonly sessions: SessionService,
    private readonly hasher: PasswordHasher,
    private readonly securityKeys: SecurityKeysService,
    @Inject(AuditTrail) private readonly audit: AuditTrail,
    @Inject(LockoutRecorder) private readonly lockouts: LockoutRecorder,
  ) {}

  status(caller: AuthenticatedUser, userId: string): Promise<MfaStatusResponse> {
    assertOwnUser(caller, userId);
    return this.mfa.status(userId);
  }

  async setup(caller: AuthenticatedUser, userId: string): Promise<MfaSetupResponse> {
    assertOwnUser(caller, userId);
    const account = await this.accountOf(caller);
    return this.mfa.setup(caller.id, account.email);
  }

  /**
   * Answers the 10 backup codes, shown once, when this turned two-factor on; the caller's session family is
   * raised to aal2 (the code proved the second factor) and the user's other sessions end. The password is asked
   * again: a session left open on someone else's screen cannot change the factor.
   */
  async enable(caller: AuthenticatedUser, request: MfaCodeRequest, origin: RequestOrigin = NO_ORIGIN): Promise<MfaResultResponse> {
    assertOwnUser(caller, request.userId);
    const account = await this.accountOf(caller);
    const codes = await this.audited(account, origin, 'enable', () =>
      this.mfa.enable(account.id, account.email, request.token, this.passwordCheck(account, request.password)),
    );
    return this.afterSecondFactorAdded(caller, codes);
  }

  /** Turning 2FA off (password and a second factor asked again) also ends the user's other sessions; the caller's stays. */
  async disable(caller: AuthenticatedUser, request: MfaDisableRequest, origin: RequestOrigin = NO_ORIGIN): Promise<MfaResultResponse> {
    assertOwnUser(caller, request.userId);
    const account = await this.accountOf(caller);
    const proof: SecondFactorProof = request.credential
      ? { credential: request.credential, sessionId: sessionOf(caller) }
      : { code: request.token ?? '' };
    await this.audited(account, origin, 'disable', () => this.mfa.disable(account.id, account.email, proof, this.passwordCheck(account, request.password)));
    await this.sessions.revokeOtherFamilies(account.id, caller.sessionId);
    return { success: true };
  }

  /** Options to add a key, for this session only (docs/passkeys.md). */
  async keyRegistrationOptions(caller: AuthenticatedUser, userId: string): Promise<CredentialCreationOptionsResponse> {
    assertOwnUser(caller, userId);
    const account = await this.accountOf(caller);
    const displayName = [account.firstName, account.lastName].filter((part) => part?.trim()).join(' ') || account.email;
    return { options: await this.securityKeys.registrationOptions({ id: account.id, email: account.email, displayName }, sessionOf(caller)) };
  }

  /**
   * A new key, with the password asked again. When it turned two-factor on, the answer carries the backup codes
   * and the session is raised as by enable.
   */
  async addKey(caller: AuthenticatedUser, request: AddSecurityKeyRequest, origin: RequestOrigin = NO_ORIGIN): Promise<MfaResultResponse> {
    assertOwnUser(caller, request.userId);
    const account = await this.accountOf(caller);
    const { key, codes } = await this.audited(account, origin, 'add a security key', () =>
      this.mfa.addKey(
        account.id,
        account.email,
        { name: request.name, credential: request.credential, sessionId: sessionOf(caller) },
        this.passwordCheck(account, request.password),
      ),
    );
    const party = { id: account.id, email: account.email };
    void this.audit.record('auth.security-key-added', { actor: party, subject: party, origin, details: { key: key.name } });
    if (codes) void this.audit.record('auth.mfa-enabled', { actor: party, subject: party, origin, details: { factor: 'security key' } });
    return this.afterSecondFactorAdded(caller, codes);
  }

  /** Removing a key asks for the password; the last second factor stays while two-factor is on. */
  async removeKey(caller: AuthenticatedUser, keyId: string, request: RemoveSecurityKeyRequest, origin: RequestOrigin = NO_ORIGIN): Promise<MfaResultResponse> {
    assertOwnUser(caller, request.userId);
    const account = await this.accountOf(caller);
    const name = await this.audited(account, origin, 'remove a security key', () =>
      this.mfa.removeKey(account.id, account.email, keyId, this.passwordCheck(account, request.password)),
    );
    const party = { id: account.id, email: account.email };
    void this.audit.record('auth.security-key-removed', { actor: party, subject: party, origin, details: { key: name } });
    return { success: true };
  }

  /** Options to prove one of the caller's keys while signed in (turning two-factor off), for this session only. */
  async keyAssertionOptions(caller: AuthenticatedUser, userId: string): Promise<CredentialRequestOptionsResponse> {
    assertOwnUser(caller, userId);
    return { options: await this.securityKeys.assertionOptions('step-up', caller.id, sessionOf(caller)) };
  }

  /**
   * A second factor was added: when it turned two-factor on (`codes`), the caller's family is raised to aal2 and
   * the user's other sessions end, which signed in with the password alone.
   */
  private async afterSecondFactorAdded(caller: AuthenticatedUser, codes: string[] | null): Promise<MfaResultResponse> {
    if (!codes) return { success: true };
    await this.sessions.revokeOtherFamilies(caller.id, caller.sessionId);
    const raised = await this.sessions.raiseFamilyToAal2(caller.id, caller.sessionId);
    return raised ? { success: true, codes, aal: 'aal2' as const } : { success: true, codes };
  }

  /** Is this the account's current password? (An account without a usable one, e.g. awaiting its set-password link, never matches.) */
  private passwordCheck(account: User, password: string): () => Promise<boolean> {
    return () => this.hasher.verify(account.passwordHash, password);
  }

  /**
   * The two-factor change, audited: done (enable and disable here; keys by their callers, which know the key),
   * a wrong code or password, or the throttle's lockout.
   */
  private async audited<T>(
    account: User,
    origin: RequestOrigin,
    step: 'enable' | 'disable' | 'add a security key' | 'remove a security key',
    change: () => Promise<T>,
  ): Promise<T> {
    const party = { id: account.id, email: account.email };
    let result: T;
    try {
      result = await change();
    } catch (error) {
      if (isAuthError(error, 'MFA_CODE_INVALID') || isAuthError(error, 'MFA_PASSWORD_INCORRECT')) {
        const reason = isAuthError(error, 'MFA_CODE_INVALID') ? 'code' : 'password';
        void this.audit.record('auth.mfa-code-failed', { actor: party, subject: party, origin, details: { step, reason } });
      }
      if (isAuthError(error, 'KEY_CLONED')) void this.audit.record('auth.security-key-cloned', { actor: party, subject: party, origin, details: { step } });
      await this.lockouts.noteRefusal(error, party, origin, { step: `two-factor ${step}` });
      throw error;
    }
    if (step === 'enable' || step === 'disable') {
      void this.audit.record(step === 'enable' ? 'auth.mfa-enabled' : 'auth.mfa-disabled', { actor: party, subject: party, origin });
    }
    return result;
  }

  /** A NEW set of 10 that invalidates the old (stored hashed, so old ones cannot be shown again). */
  async regenerateBackupCodes(caller: AuthenticatedUser, userId: string): Promise<BackupCodesResponse> {
    assertOwnUser(caller, userId);
    if (caller.aal !== 'aal2') throw new AuthError('BACKUP_CODES_NEED_TWO_FACTOR');
    return { codes: await this.mfa.regenerateBackupCodes(caller.id) };
  }

  private async accountOf(caller: AuthenticatedUser): Promise<User> {
    const account = await this.users.findById(caller.id);
    if (!account) throw new AuthError('MFA_OTHER_USER');
    return account;
  }
}

function assertOwnUser(caller: AuthenticatedUser, userId: string): void {
  if (caller.id !== userId) throw new AuthError('MFA_OTHER_USER');
}

/** The caller's refresh family, which a key ceremony is bound to; every access token we issue names it. */
function sessionOf(caller: AuthenticatedUser): string {
  if (!caller.sessionId) throw new AuthError('SESSION_EXPIRED');
  return caller.sessionId;
}
