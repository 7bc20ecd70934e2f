import { Global, Module, type DynamicModule } from '@nestjs/common';
import type { JWTVerifyGetKey } from 'jose';
import { AuthGuard } from './auth.guard.js';
import { JwtVerifier } from './jwt-verifier.js';

/**
 * Provides JwtVerifier and AuthGuard. Services pass the JWKS URL (AUTH_JWKS_URL); services/auth passes
 * its own key set. Use with `@UseGuards(AuthGuard)` on controllers.
 */
@Global()
@Module({})
export class AuthKitModule {
  static forRoot(source: () => { jwksUrl: string } | { keys: JWTVerifyGetKey }): DynamicModule {
    return {
      module: AuthKitModule,
      providers: [{ provide: JwtVerifier, useFactory: () => new JwtVerifier(source()) }, AuthGuard],
      exports: [JwtVerifier, AuthGuard],
    };
  }
}
