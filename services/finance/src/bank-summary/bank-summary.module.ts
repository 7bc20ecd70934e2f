import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BankSummary } from './bank-summary.entity.js';
import { BankSummaryMessagesController } from './bank-summary-messages.controller.js';
import { BankSummaryService } from './bank-summary.service.js';

/** The linked banks' figures bank-sync pushes (FINANCE_PATTERNS.storeBankSummary), read by the dashboard. */
@Module({
  imports: [TypeOrmModule.forFeature([BankSummary])],
  controllers: [BankSummaryMessagesController],
  providers: [BankSummaryService],
  exports: [BankSummaryService],
})
export class BankSummaryModule {}
