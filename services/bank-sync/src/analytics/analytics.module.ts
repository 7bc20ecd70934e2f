import { Module } from '@nestjs/common';
import { FinanceClientModule } from '../transport/finance-client.module.js';
import { AnalyticsController } from './analytics.controller.js';
import { AnalyticsService } from './analytics.service.js';
import { BankSummaryPublisher } from './bank-summary.publisher.js';
import { BillPaymentsPublisher } from './bill-payments.publisher.js';

/**
 * Bank sync: analytics and category summary (docs/product/signed-in.md §3), and the summary of them pushed to finance's
 * dashboard (BankSummaryPublisher, used by detection and disconnect), and the recent payments finance marks bills
 * paid from (BillPaymentsPublisher, the same moments).
 */
@Module({
  imports: [FinanceClientModule],
  controllers: [AnalyticsController],
  providers: [AnalyticsService, BankSummaryPublisher, BillPaymentsPublisher],
  exports: [BankSummaryPublisher, BillPaymentsPublisher],
})
export class AnalyticsModule {}
