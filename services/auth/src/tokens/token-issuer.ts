import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { ACCESS_TOKEN_TTL_SECONDS, MFA_TOKEN_TTL_SECONDS, RECOVERY_TOKEN_TTL_SECONDS, type AuthRole } from '@paycadence/contracts';
import { CLOCK, TOKEN_AUDIENCE, TOKEN_ISSUER, type AssuranceLevel, type Clock, type TokenUse } from '@paycadence/nest-kit';
import { AUTH_KEYS, type AuthKeys } from './auth-keys.js';

export interface AccessTokenSubject {
  id: string;
  role: AuthRole;
  email: string;
}

/** Signs the three kinds of token (ES256, `kid` set, iss/aud from nest-kit's token-claims). */
@Injectable()
export class TokenIssuer {
  constructor(
    @Inject(AUTH_KEYS) private readonly keys: AuthKeys,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  private async sign(claims: Record<string, unknown>, subject: string, use: TokenUse, ttlSeconds: number, jti: string = randomUUID()) {
    const issuedAt = Math.floor(this.clock.now().getTime() / 1000);
    const token = await new SignJWT({ ...claims, token_use: use })
      .setProtectedHeader({ alg: 'ES256', kid: this.keys.signing.kid, typ: 'JWT' })
      .setSubject(subject)
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ttlSeconds)
      .setJti(jti)
      .sign(this.keys.signing.privateKey);
    return { token, expiresAt: issuedAt + ttlSeconds, jti };
  }

  /** docs/security.md: sub, role, aal; plus email and sid (the refresh family) for the services' convenience. */
  access(user: AccessTokenSubject, sessionId: string, aal: AssuranceLevel) {
    return this.sign({ role: user.role, aal, email: user.email, sid: sessionId }, user.id, 'access', ACCESS_TOKEN_TTL_SECONDS);
  }

  /** The short-lived challenge between password and second factor (docs/security.md). */
  mfa(userId: string) {
    return this.sign({}, userId, 'mfa', MFA_TOKEN_TTL_SECONDS);
  }

  /** The reset link's token: 60 minutes (an approval's set-password link: longer), single use through its stored `jti`. */
  recovery(userId: string, jti: string, ttlSeconds: number = RECOVERY_TOKEN_TTL_SECONDS) {
    return this.sign({}, userId, 'recovery', ttlSeconds, jti);
  }
}
