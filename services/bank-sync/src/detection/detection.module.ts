import { Module } from '@nestjs/common';
import { DetectionService } from './detection.service.js';
import { FinanceSuggestionsClient } from './finance-suggestions.client.js';
import { RecurringStreamStore } from './recurring-stream.store.js';

/**
 * Bank sync: recurring bill and income detection (the pure detector in core/), its recurring_streams rows,
 * and the suggestions it sends to finance. The 'detect-recurring' job handler lives on DetectionService.
 */
@Module({
  providers: [DetectionService, RecurringStreamStore, FinanceSuggestionsClient],
  exports: [DetectionService],
})
export class DetectionModule {}
