import { Module } from '@nestjs/common';
import { AuthDirectoryClient } from './auth-directory.client.js';

/** Members' names and e-mails, asked of auth over the Redis transport (AUTH_DIRECTORY_PATTERNS). */
@Module({
  providers: [AuthDirectoryClient],
  exports: [AuthDirectoryClient],
})
export class DirectoryModule {}
