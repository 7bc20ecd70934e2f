import { Inject, Injectable } from '@nestjs/common';
import { MFA_TOKEN_TTL_SECONDS, type AuthenticationCredential, type CredentialRequestOptionsResponse, type MfaVerifyResponse } from '@paycadence/contracts';
import { JwtVerifier } from '@paycadence/nest-kit';
import { AuditTrail, type RequestOrigin } from '../audit/audit-trail.js';
import { LockoutRecorder } from '../audit/lockout-recorder.js';
import { AuthError, isAuthError } from '../errors.js';
import { RateLimits } from '../throttling/rate-limits.js';
import type { WithRefreshToken } from '../sessions/session.service.js';
import { SignInCompletion } from '../sessions/sign-in-completion.js';
import { ThrottledError } from '../throttling/throttled-error.js';
import { UsersService } from '../users/users.service.js';
import type { User } from '../users/user.entity.js';
import { MfaService } from './mfa.service.js';
import { SecurityKeysService } from './security-keys.service.js';

/**
 * Finishes a two-factor sign-in: mfa_token + code (or backup code), or + an assertion of one of the account's
 * keys → a session at aal2 (docs/security.md, docs/passkeys.md).
 */
@Injectable()
export class MfaSignInService {
  constructor(
    private readonly mfa: MfaService,
    private readonly users: UsersService,
    private readonly rateLimits: RateLimits,
    @Inject(JwtVerifier) private readonly verifier: JwtVerifier,
    @Inject(AuditTrail) private readonly audit: AuditTrail,
    @Inject(LockoutRecorder) private readonly lockouts: LockoutRecorder,
    @Inject(SecurityKeysService) private readonly securityKeys: SecurityKeysService,
    @Inject(SignInCompletion) private readonly completion: SignInCompletion,
  ) {}

  verify(mfaToken: string | undefined, userId: string, code: string, origin: RequestOrigin): Promise<WithRefreshToken<MfaVerifyResponse>> {
    return this.secondStep(mfaToken, userId, origin, async (user, account) => {
      if (await this.mfa.verifyForSignIn(user.id, code)) return;
      void this.audit.record('auth.mfa-code-failed', { actor: account, subject: account, origin, details: { step: 'sign-in' } });
      throw new AuthError('SIGN_IN_CODE_INVALID');
    });
  }

  /** "Use your security key": options listing the account's keys, answerable once with this mfa_token only. */
  async keyOptions(mfaToken: string | undefined, userId: string): Promise<CredentialRequestOptionsResponse> {
    const claims = await this.challengeClaims(mfaToken, userId);
    return { options: await this.securityKeys.assertionOptions('second-factor', userId, String(claims.jti)) };
  }

  /** The code step answered with a key: its assertion against the options of the same mfa_token. */
  verifyKey(mfaToken: string | undefined, userId: string, credential: AuthenticationCredential, origin: RequestOrigin): Promise<WithRefreshToken<MfaVerifyResponse>> {
    return this.secondStep(mfaToken, userId, origin, async (user, account, jti) => {
      const challenge = await this.securityKeys.takeChallenge('second-factor', jti);
      if (!challenge) throw new AuthError('KEY_CHALLENGE_EXPIRED');
      const key = await this.securityKeys.findKey(credential.id, user.id);
      const verdict = key ? await this.securityKeys.prove(key, credential, challenge) : { outcome: 'refused' as const };
      const details = { step: 'sign-in', key: key?.name ?? 'not on this account' };
      if (verdict.outcome === 'cloned') {
        void this.audit.record('auth.security-key-cloned', { actor: account, subject: account, origin, details });
        throw new AuthError('KEY_CLONED');
      }
      if (verdict.outcome === 'refused') {
        void this.audit.record('auth.security-key-failed', { actor: account, subject: account, origin, details });
        throw new AuthError('SIGN_IN_KEY_INVALID');
      }
      void this.audit.record('auth.security-key-used', { actor: account, subject: account, origin, details });
    });
  }

  private async challengeClaims(mfaToken: string | undefined, userId: string) {
    if (!mfaToken) throw new AuthError('SESSION_EXPIRED');
    const claims = await this.verifier.verifyClaims(mfaToken, 'mfa').catch(() => {
      throw new AuthError('SESSION_EXPIRED');
    });
    if (claims.sub !== userId) throw new AuthError('MFA_OTHER_USER');
    return claims;
  }

  /**
   * The second step around `check` (which throws when the factor is wrong): the mfa_token's account, the
   * attempt counted before anything is checked, one session per challenge.
   */
  private async secondStep(
    mfaToken: string | undefined,
    userId: string,
    origin: RequestOrigin,
    check: (user: User, account: { id: string; email: string }, jti: string) => Promise<void>,
  ): Promise<WithRefreshToken<MfaVerifyResponse>> {
    const ip = origin.ip;
    const claims = await this.challengeClaims(mfaToken, userId);
    const user = await this.users.findById(userId);
    if (!user) throw new AuthError('SESSION_EXPIRED');
    // Wrong codes count as failed sign-ins (the pair and the client) and slow the account's second factor, so
    // the 6-digit space cannot be walked through from one address or many; each attempt is counted before the
    // code is checked, so concurrent guesses cannot slip past the limit.
    // The mfa_token proves the password: the attempt is the account owner's (actor), not an anonymous one.
    const account = { id: user.id, email: user.email };
    const attempt = await this.rateLimits.takeCodeAttempt(user.email, ip).catch(async (error: unknown) => {
      await this.lockouts.noteRefusal(error, account, origin, { step: 'two-factor', limit: error instanceof ThrottledError ? error.scope : null });
      throw error;
    });
    if (user.status === 'suspended') throw new AuthError('ACCOUNT_SUSPENDED');
    try {
      await check(user, account, String(claims.jti));
    } catch (error) {
      // Nothing was judged (the database failed, the challenge was gone): no failure, so the attempt goes back.
      if (!isAuthError(error, 'SIGN_IN_CODE_INVALID') && !isAuthError(error, 'SIGN_IN_KEY_INVALID') && !isAuthError(error, 'KEY_CLONED')) {
        await this.rateLimits.giveBack(attempt).catch(() => undefined);
      }
      throw error;
    }
    // One session per challenge: a second use of the same mfa_token is refused.
    if (!(await this.rateLimits.claimOnce('mfa', String(claims.jti), MFA_TOKEN_TTL_SECONDS))) {
      throw new AuthError('SESSION_EXPIRED');
    }
    // The whole sign-in is done only now: the account's count starts afresh.
    return { valid: true, ...(await this.completion.complete(user, ip, 'aal2')) };
  }
}
