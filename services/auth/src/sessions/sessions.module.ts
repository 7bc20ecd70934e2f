import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { TokensModule } from '../tokens/tokens.module.js';
import { TokenIssuer } from '../tokens/token-issuer.js';
import { UsersModule } from '../users/users.module.js';
import { RefreshToken } from './refresh-token.entity.js';
import { REFRESH_TOKEN_STORE, TypeOrmRefreshTokenStore } from './refresh-token.store.js';
import { ThrottlingModule } from '../throttling/throttling.module.js';
import { UsersSessionLookup } from './session-user-lookup.js';
import { ACCESS_TOKEN_SIGNER, SESSION_USER_LOOKUP, SessionService } from './session.service.js';
import { SignInCompletion } from './sign-in-completion.js';

/**
 * Refresh-token families and their rotation. SessionService takes its store, signer and account lookup as
 * tokens (its unit spec passes fakes); here they are the database, TokenIssuer and the accounts.
 */
@Module({
  imports: [TypeOrmModule.forFeature([RefreshToken]), UsersModule, TokensModule, ThrottlingModule],
  providers: [
    { provide: REFRESH_TOKEN_STORE, useClass: TypeOrmRefreshTokenStore },
    { provide: ACCESS_TOKEN_SIGNER, useExisting: TokenIssuer },
    { provide: SESSION_USER_LOOKUP, useClass: UsersSessionLookup },
    SessionService,
    SignInCompletion,
  ],
  exports: [SessionService, SignInCompletion],
})
export class SessionsModule {}
