import { Module } from '@nestjs/common';

/** Bank sync: the transaction list. */
@Module({})
export class TransactionsModule {}
