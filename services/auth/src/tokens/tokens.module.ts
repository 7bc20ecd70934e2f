import { Module } from '@nestjs/common';
import { JwksController } from './jwks.controller.js';
import { TokenIssuer } from './token-issuer.js';

/**
 * Signing (the only service that signs tokens) and `GET /.well-known/jwks.json`, which every other service
 * verifies access tokens against. Needs AUTH_KEYS (AuthKeysModule).
 */
@Module({
  controllers: [JwksController],
  providers: [TokenIssuer],
  exports: [TokenIssuer],
})
export class TokensModule {}
