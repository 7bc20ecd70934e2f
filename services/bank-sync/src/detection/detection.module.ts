import { Module } from '@nestjs/common';
import { AnalyticsModule } from '../analytics/analytics.module.js';
import { FinanceClientModule } from '../transport/finance-client.module.js';
import { DetectionService } from './detection.service.js';
import { RecurringStreamStore } from './recurring-stream.store.js';

/**
 * Bank sync: recurring bill and income detection (the pure detector in core/), its recurring_streams rows,
 * and the suggestions it sends to finance. The 'detect-recurring' job handler lives on DetectionService.
 */
@Module({
  imports: [FinanceClientModule, AnalyticsModule],
  providers: [DetectionService, RecurringStreamStore],
  exports: [DetectionService],
})
export class DetectionModule {}
