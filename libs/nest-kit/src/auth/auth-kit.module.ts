import { Global, Module, type DynamicModule } from '@nestjs/common';
import { ACCESS_TOKEN_STRATEGY_NAME, AccessTokenStrategy, uniqueAccessTokenStrategyName } from './access-token.strategy.js';
import { AuthGuard } from './auth.guard.js';
import type { JwksSource } from './jwks-keys.js';
import { JwtVerifier } from './jwt-verifier.js';

/**
 * Provides JwtVerifier, the passport-jwt AccessTokenStrategy and AuthGuard. Services pass the JWKS URL
 * (AUTH_JWKS_URL); services/auth passes its own key set. Use with `@UseGuards(AuthGuard)` on controllers.
 * Each forRoot gets its own passport strategy name, so two apps in one process keep their own keys.
 */
@Global()
@Module({})
export class AuthKitModule {
  static forRoot(source: () => JwksSource): DynamicModule {
    return {
      module: AuthKitModule,
      providers: [
        { provide: JwtVerifier, useFactory: () => new JwtVerifier(source()) },
        // A factory, so even one forRoot result imported by two apps gives each app its own name.
        { provide: ACCESS_TOKEN_STRATEGY_NAME, useFactory: uniqueAccessTokenStrategyName },
        AccessTokenStrategy,
        AuthGuard,
      ],
      exports: [JwtVerifier, ACCESS_TOKEN_STRATEGY_NAME, AuthGuard],
    };
  }
}
