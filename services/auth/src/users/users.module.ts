import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SERVICE_CONFIG } from '@paycadence/nest-kit';
import type { AuthConfig } from '../config.js';
import { PasswordHasher } from '../crypto/password-hasher.js';
import { User } from './user.entity.js';
import { UsersService } from './users.service.js';

/** Accounts and the one password hasher (argon2id at the configured cost); needs AUTH_KEYS (AuthKeysModule). */
@Module({
  imports: [TypeOrmModule.forFeature([User])],
  providers: [
    UsersService,
    { provide: PasswordHasher, useFactory: (config: AuthConfig) => new PasswordHasher(config.ARGON2), inject: [SERVICE_CONFIG] },
  ],
  exports: [UsersService, PasswordHasher],
})
export class UsersModule {}
