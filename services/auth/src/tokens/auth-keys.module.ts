import { Global, Module, type DynamicModule } from '@nestjs/common';
import { AUTH_KEYS, type AuthKeys } from './auth-keys.js';

/** Provides `AUTH_KEYS` (signing key, secret box, JWKS), loaded once at start by the service definition. */
@Global()
@Module({})
export class AuthKeysModule {
  static forRoot(keys: AuthKeys): DynamicModule {
    return { module: AuthKeysModule, providers: [{ provide: AUTH_KEYS, useValue: keys }], exports: [AUTH_KEYS] };
  }
}
