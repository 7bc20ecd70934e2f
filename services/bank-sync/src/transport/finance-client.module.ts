import { Module } from '@nestjs/common';
import { FinanceClient } from './finance.client.js';

/** The one Redis-transport client to finance, shared by detection, the accounts routes and GET /suggestions. */
@Module({ providers: [FinanceClient], exports: [FinanceClient] })
export class FinanceClientModule {}
