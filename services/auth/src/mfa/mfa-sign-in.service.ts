import { Inject, Injectable } from '@nestjs/common';
import { MFA_TOKEN_TTL_SECONDS, type MfaVerifyResponse } from '@paycadence/contracts';
import { CLOCK, JwtVerifier, type Clock } from '@paycadence/nest-kit';
import { AuditTrail, type RequestOrigin } from '../audit/audit-trail.js';
import { LockoutRecorder } from '../audit/lockout-recorder.js';
import { AuthError } from '../errors.js';
import { RateLimits } from '../throttling/rate-limits.js';
import { SessionService, type WithRefreshToken } from '../sessions/session.service.js';
import { DeviceCookies } from '../throttling/device-cookie.js';
import { ThrottledError } from '../throttling/throttled-error.js';
import { UsersService } from '../users/users.service.js';
import { MfaService } from './mfa.service.js';

/** Finishes a two-factor sign-in: mfa_token + code (or backup code) → a session at aal2 (docs/security.md). */
@Injectable()
export class MfaSignInService {
  constructor(
    private readonly mfa: MfaService,
    private readonly users: UsersService,
    private readonly sessions: SessionService,
    private readonly rateLimits: RateLimits,
    @Inject(JwtVerifier) private readonly verifier: JwtVerifier,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(AuditTrail) private readonly audit: AuditTrail,
    @Inject(LockoutRecorder) private readonly lockouts: LockoutRecorder,
    @Inject(DeviceCookies) private readonly devices: DeviceCookies,
  ) {}

  async verify(mfaToken: string | undefined, userId: string, code: string, origin: RequestOrigin): Promise<WithRefreshToken<MfaVerifyResponse>> {
    const ip = origin.ip;
    if (!mfaToken) throw new AuthError('SESSION_EXPIRED');
    const claims = await this.verifier.verifyClaims(mfaToken, 'mfa').catch(() => {
      throw new AuthError('SESSION_EXPIRED');
    });
    if (claims.sub !== userId) throw new AuthError('MFA_OTHER_USER');
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
    const valid = await this.mfa.verifyForSignIn(user.id, code).catch(async (error: unknown) => {
      // Nothing was judged (the database failed): no failure, so the attempt goes back.
      await this.rateLimits.giveBack(attempt).catch(() => undefined);
      throw error;
    });
    if (!valid) {
      void this.audit.record('auth.mfa-code-failed', { actor: account, subject: account, origin, details: { step: 'sign-in' } });
      throw new AuthError('SIGN_IN_CODE_INVALID');
    }
    // One session per challenge: a second use of the same mfa_token is refused.
    if (!(await this.rateLimits.claimOnce('mfa', String(claims.jti), MFA_TOKEN_TTL_SECONDS))) {
      throw new AuthError('SESSION_EXPIRED');
    }
    // The whole sign-in is done only now: the account's count starts afresh.
    await this.rateLimits.completeSignIn(user.email, ip);
    const { session, refreshToken } = await this.sessions.start(user, 'aal2');
    await this.users.recordSignIn(user.id, this.clock.now());
    return { valid: true, user: await this.users.view(user), session, refreshToken, deviceCookie: this.devices.issue(user.email) };
  }
}
