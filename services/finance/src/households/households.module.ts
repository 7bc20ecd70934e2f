import { Global, Module } from '@nestjs/common';
import { RemindersModule } from '../reminders/reminders.module.js';
import { HouseholdAccess } from './household-access.js';
import { HouseholdEventsController } from './household-events.controller.js';
import { HouseholdItemsRelease } from './household-items-release.js';
import { HouseholdClient } from './household.client.js';

/** Membership answers from household, for bills, income and the dashboard; household's events. */
@Global()
@Module({
  imports: [RemindersModule],
  controllers: [HouseholdEventsController],
  providers: [HouseholdClient, HouseholdAccess, HouseholdItemsRelease],
  exports: [HouseholdAccess],
})
export class HouseholdsModule {}
