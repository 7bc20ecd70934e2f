import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { RefreshToken } from '../sessions/refresh-token.entity.js';
import { REFRESH_TOKEN_STORE, TypeOrmRefreshTokenStore } from '../sessions/refresh-token.store.js';
import { UsersModule } from '../users/users.module.js';
import { AdminAccountsService } from './admin-accounts.service.js';

/** What `admin:create` needs (and nothing else of the service): accounts, hashing, the admin rules, ending sessions. */
@Module({
  imports: [UsersModule, TypeOrmModule.forFeature([RefreshToken])],
  providers: [AdminAccountsService, { provide: REFRESH_TOKEN_STORE, useClass: TypeOrmRefreshTokenStore }],
  exports: [AdminAccountsService],
})
export class AdminAccountsModule {}
