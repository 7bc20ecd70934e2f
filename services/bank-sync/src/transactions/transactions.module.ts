import { Module } from '@nestjs/common';
import { TransactionsController } from './transactions.controller.js';
import { TransactionsService } from './transactions.service.js';

/** Bank sync: the transaction list. */
@Module({ controllers: [TransactionsController], providers: [TransactionsService] })
export class TransactionsModule {}
