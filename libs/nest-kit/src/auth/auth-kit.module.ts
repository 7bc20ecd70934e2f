import { Global, Module, type DynamicModule } from '@nestjs/common';
import { ACCESS_TOKEN_STRATEGY_NAME, AccessTokenStrategy, uniqueAccessTokenStrategyName } from './access-token.strategy.js';
import { ACCOUNT_STATUS_OPTIONS, AccountStatusCheck, type AccountStatusOptions } from './account-status-check.js';
import { AuthGuard } from './auth.guard.js';
import type { JwksSource } from './jwks-keys.js';
import { JwtVerifier } from './jwt-verifier.js';

/** Where the keys come from, and (tests) how the account status check caches. */
export type AuthKitOptions = JwksSource & { accountStatus?: AccountStatusOptions };

/**
 * Provides JwtVerifier, the passport-jwt AccessTokenStrategy, AccountStatusCheck (suspension, through the
 * service's Redis) and AuthGuard. Services pass the JWKS URL (AUTH_JWKS_URL); services/auth passes its own
 * key set. Use with `@UseGuards(AuthGuard)` on controllers.
 * Each forRoot gets its own passport strategy name, so two apps in one process keep their own keys.
 */
@Global()
@Module({})
export class AuthKitModule {
  static forRoot(source: () => AuthKitOptions): DynamicModule {
    let resolved: AuthKitOptions | undefined;
    const options = () => (resolved ??= source());
    return {
      module: AuthKitModule,
      providers: [
        { provide: JwtVerifier, useFactory: () => new JwtVerifier(options()) },
        { provide: ACCOUNT_STATUS_OPTIONS, useFactory: () => options().accountStatus ?? {} },
        AccountStatusCheck,
        // A factory, so even one forRoot result imported by two apps gives each app its own name.
        { provide: ACCESS_TOKEN_STRATEGY_NAME, useFactory: uniqueAccessTokenStrategyName },
        AccessTokenStrategy,
        AuthGuard,
      ],
      exports: [JwtVerifier, ACCESS_TOKEN_STRATEGY_NAME, AccountStatusCheck, AuthGuard],
    };
  }
}
