import { Module } from '@nestjs/common';

/** Bank sync: accounts, disconnect, duplicate cleanup. */
@Module({})
export class AccountsModule {}
