import { Global, Module, type DynamicModule } from '@nestjs/common';
import { AccessTokenStrategy } from './access-token.strategy.js';
import { AuthGuard } from './auth.guard.js';
import type { JwksSource } from './jwks-keys.js';
import { JwtVerifier } from './jwt-verifier.js';

/**
 * Provides JwtVerifier, the passport-jwt AccessTokenStrategy and AuthGuard. Services pass the JWKS URL
 * (AUTH_JWKS_URL); services/auth passes its own key set. Use with `@UseGuards(AuthGuard)` on controllers.
 */
@Global()
@Module({})
export class AuthKitModule {
  static forRoot(source: () => JwksSource): DynamicModule {
    return {
      module: AuthKitModule,
      providers: [{ provide: JwtVerifier, useFactory: () => new JwtVerifier(source()) }, AccessTokenStrategy, AuthGuard],
      exports: [JwtVerifier, AuthGuard],
    };
  }
}
