import { Inject, Injectable } from '@nestjs/common';
import { MFA_TOKEN_TTL_SECONDS, type MfaVerifyResponse } from '@payday/contracts';
import { JwtVerifier } from '@payday/nest-kit';
import { AuthError } from '../common/auth-error.js';
import { RateLimits } from '../common/rate-limits.js';
import { SessionService } from '../sessions/session.service.js';
import { UsersService } from '../users/users.service.js';
import { MfaService } from './mfa.service.js';

/** Finishes a two-factor sign-in: mfa_token + code (or backup code) → a session at aal2 (DESIGN §4). */
@Injectable()
export class MfaSignInService {
  constructor(
    private readonly mfa: MfaService,
    private readonly users: UsersService,
    private readonly sessions: SessionService,
    private readonly rateLimits: RateLimits,
    @Inject(JwtVerifier) private readonly verifier: JwtVerifier,
  ) {}

  async verify(mfaToken: string | undefined, userId: string, code: string, ip: string): Promise<MfaVerifyResponse> {
    if (!mfaToken) throw new AuthError('SESSION_EXPIRED');
    const claims = await this.verifier.verifyClaims(mfaToken, 'mfa').catch(() => {
      throw new AuthError('SESSION_EXPIRED');
    });
    if (claims.sub !== userId) throw new AuthError('MFA_OTHER_USER');
    const user = await this.users.findById(userId);
    if (!user) throw new AuthError('SESSION_EXPIRED');
    // Wrong codes count as failed sign-ins, so the 6-digit space cannot be walked through; each attempt is
    // counted before the code is checked, so concurrent guesses cannot slip past the limit (security review 2).
    await this.rateLimits.takeSignInAttempt(user.email, ip);
    if (user.status === 'suspended') throw new AuthError('ACCOUNT_SUSPENDED');
    if (!(await this.mfa.verifyForSignIn(user.id, code))) throw new AuthError('SIGN_IN_CODE_INVALID');
    // One session per challenge: a second use of the same mfa_token is refused.
    if (!(await this.rateLimits.claimOnce('mfa', String(claims.jti), MFA_TOKEN_TTL_SECONDS))) {
      throw new AuthError('SESSION_EXPIRED');
    }
    // The whole sign-in is done only now: the account's count starts afresh (security review 1).
    await this.rateLimits.completeSignIn(user.email, ip);
    return { valid: true, user: await this.users.view(user), session: await this.sessions.start(user, 'aal2') };
  }
}
