import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-jwt';
import { bearerToken, type RequestWithHeaders } from './bearer-token.js';
import { JWT_VERIFY_OPTIONS, JwtVerifier } from './jwt-verifier.js';
import { toAuthenticatedUser, type AuthenticatedUser, type TokenClaims } from './token-claims.js';

export const ACCESS_TOKEN_STRATEGY = 'paycadence-access-token';

/**
 * The guard's passport-jwt strategy: the bearer token, its key by `kid` from the verifier's JWKS client,
 * JWT_VERIFY_OPTIONS, then the product's claim rules (`token_use` access) in `validate`.
 *
 * Passport keeps strategies by name per process: one AuthKitModule per process (one service) is assumed.
 */
@Injectable()
export class AccessTokenStrategy extends PassportStrategy(Strategy, ACCESS_TOKEN_STRATEGY) {
  constructor(@Inject(JwtVerifier) private readonly verifier: JwtVerifier) {
    super({
      jwtFromRequest: (request: RequestWithHeaders) => bearerToken(request) ?? null,
      secretOrKeyProvider: verifier.keys.secretOrKeyProvider as never, // typed for PEM strings; a KeyObject is what jsonwebtoken prefers
      ...JWT_VERIFY_OPTIONS,
      passReqToCallback: true,
    });
  }

  /** A token verified before (and not expired) skips the signature check: the largest per-request cost. */
  override authenticate(request: RequestWithHeaders, options?: unknown): void {
    const token = bearerToken(request);
    let known: TokenClaims | undefined;
    try {
      known = token ? this.verifier.recall(token, 'access') : undefined;
    } catch (error) {
      return this.fail(error, 401);
    }
    if (!known) return super.authenticate(request as never, options);
    this.success(toAuthenticatedUser(known));
  }

  validate(request: RequestWithHeaders, payload: unknown): AuthenticatedUser {
    return toAuthenticatedUser(this.verifier.acceptVerified(bearerToken(request)!, payload, 'access'));
  }
}
