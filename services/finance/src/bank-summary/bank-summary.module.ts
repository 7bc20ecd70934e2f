import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BankSummary } from './bank-summary.entity.js';
import { BankSummaryMessageController } from './bank-summary.message-controller.js';
import { BankSummaryService } from './bank-summary.service.js';

/** The linked banks' figures bank-sync pushes (FINANCE_PATTERNS.storeBankSummary), read by the dashboard. */
@Module({
  imports: [TypeOrmModule.forFeature([BankSummary])],
  controllers: [BankSummaryMessageController],
  providers: [BankSummaryService],
  exports: [BankSummaryService],
})
export class BankSummaryModule {}
