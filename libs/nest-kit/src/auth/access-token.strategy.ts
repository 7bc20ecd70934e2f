import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import passport from 'passport';
import { Strategy } from 'passport-jwt';
import { bearerToken, type RequestWithHeaders } from './bearer-token.js';
import { JWT_VERIFY_OPTIONS, JwtVerifier } from './jwt-verifier.js';
import { toAuthenticatedUser, type TokenClaims } from './token-claims.js';

/** Injection token: the passport name of this AuthKitModule's strategy, which its AuthGuard authenticates with. */
export const ACCESS_TOKEN_STRATEGY_NAME = Symbol('ACCESS_TOKEN_STRATEGY_NAME');

let strategiesNamed = 0;
/**
 * A passport name no other strategy of this process has. Passport keeps strategies by name per process, so a
 * fixed name would let a second AuthKitModule (a second app in the same process) replace the first one's keys.
 */
export function uniqueAccessTokenStrategyName(): string {
  strategiesNamed += 1;
  return `paycadence-access-token-${strategiesNamed}`;
}

type Done = (error: unknown, user?: unknown) => void;

/**
 * The guard's passport-jwt strategy: the bearer token, its key by `kid` from the verifier's JWKS client,
 * JWT_VERIFY_OPTIONS, then the product's claim rules (`token_use` access). It registers itself with passport
 * under `name` (one per AuthKitModule) and leaves when its module closes.
 */
@Injectable()
export class AccessTokenStrategy extends Strategy implements OnModuleDestroy {
  constructor(
    @Inject(JwtVerifier) private readonly verifier: JwtVerifier,
    @Inject(ACCESS_TOKEN_STRATEGY_NAME) name: string,
  ) {
    super(
      {
        jwtFromRequest: (request: RequestWithHeaders) => bearerToken(request) ?? null,
        secretOrKeyProvider: verifier.keys.secretOrKeyProvider as never, // typed for PEM strings; a KeyObject is what jsonwebtoken prefers
        ...JWT_VERIFY_OPTIONS,
        passReqToCallback: true,
      },
      // Called after passport-jwt checked signature, issuer, audience and expiry: the product's claim rules.
      (request: RequestWithHeaders, payload: unknown, done: Done) => {
        try {
          done(null, toAuthenticatedUser(verifier.acceptVerified(bearerToken(request)!, payload, 'access')));
        } catch (error) {
          done(error, false);
        }
      },
    );
    this.name = name;
    passport.use(name, this);
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
    if (!known) return super.authenticate(request as never, options as never);
    this.success(toAuthenticatedUser(known));
  }

  onModuleDestroy(): void {
    passport.unuse(this.name);
  }
}
