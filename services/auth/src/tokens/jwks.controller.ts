import { Controller, Get, Header, Inject } from '@nestjs/common';
import { JWKS_CACHE_MS } from '@paycadence/nest-kit';
import { AUTH_KEYS, type AuthKeys } from './auth-keys.js';

/** The public signing keys; verifiers cache them 10 minutes (docs/product/accounts.md §9), so may the HTTP caches. */
@Controller('.well-known')
export class JwksController {
  constructor(@Inject(AUTH_KEYS) private readonly keys: AuthKeys) {}

  @Get('jwks.json')
  @Header('Cache-Control', `public, max-age=${JWKS_CACHE_MS / 1000}`)
  jwks() {
    return this.keys.jwks;
  }
}
