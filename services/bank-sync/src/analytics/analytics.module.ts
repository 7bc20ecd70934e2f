import { Module } from '@nestjs/common';
import { FinanceClientModule } from '../transport/finance-client.module.js';
import { AnalyticsController } from './analytics.controller.js';
import { AnalyticsService } from './analytics.service.js';
import { BankSummaryPublisher } from './bank-summary.publisher.js';

/**
 * Bank sync: analytics and category summary (spec part 2 §3), and the summary of them pushed to finance's
 * dashboard (BankSummaryPublisher, used by detection and disconnect).
 */
@Module({
  imports: [FinanceClientModule],
  controllers: [AnalyticsController],
  providers: [AnalyticsService, BankSummaryPublisher],
  exports: [BankSummaryPublisher],
})
export class AnalyticsModule {}
