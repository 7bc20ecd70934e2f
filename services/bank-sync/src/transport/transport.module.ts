import { Module } from '@nestjs/common';

/** Bank sync: what finance asks over the Redis transport. */
@Module({})
export class BankTransportModule {}
