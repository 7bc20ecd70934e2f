import { Module } from '@nestjs/common';
import { HouseholdEventsPublisher } from './household-events.publisher.js';

/** What household tells finance over the Redis transport after a change committed (HOUSEHOLD_EVENTS). */
@Module({
  providers: [HouseholdEventsPublisher],
  exports: [HouseholdEventsPublisher],
})
export class EventsModule {}
