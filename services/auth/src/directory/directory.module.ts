import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { User } from '../users/user.entity.js';
import { DirectoryMessagesController } from './directory-messages.controller.js';

/** Answers AUTH_DIRECTORY_PATTERNS (names and e-mails of accounts) for the household service. */
@Module({
  imports: [TypeOrmModule.forFeature([User])],
  controllers: [DirectoryMessagesController],
})
export class DirectoryModule {}
