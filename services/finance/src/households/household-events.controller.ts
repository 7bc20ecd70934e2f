import { Controller, Inject, Logger } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import {
  HOUSEHOLD_EVENTS,
  HouseholdDeletedEventSchema,
  MembershipsChangedEventSchema,
} from '@paycadence/contracts';
import { withValidEvent } from '@paycadence/nest-kit';
import { ReminderSettingsService } from '../reminders/reminder-settings.service.js';
import { HouseholdItemsRelease } from './household-items-release.js';

/**
 * household's events over the Redis transport (fire and forget: nothing is answered). A malformed event is
 * logged and dropped by nest-kit's withValidEvent.
 */
@Controller()
export class HouseholdEventsController {
  private readonly logger = new Logger('HouseholdEvents');

  constructor(
    @Inject(HouseholdItemsRelease) private readonly release: HouseholdItemsRelease,
    @Inject(ReminderSettingsService) private readonly reminders: ReminderSettingsService,
  ) {}

  @EventPattern(HOUSEHOLD_EVENTS.deleted)
  deleted(@Payload() payload: unknown): Promise<void> {
    const pattern = HOUSEHOLD_EVENTS.deleted;
    return withValidEvent(pattern, HouseholdDeletedEventSchema, payload, async ({ householdId }) => {
      const released = await this.release.releaseItemsOf([householdId]);
      this.logger.log(
        `household ${householdId} deleted: ${released} shared item(s) back to whoever added them`,
      );
    });
  }

  /** Shared items came or went for these users: their reminders are planned again. */
  @EventPattern(HOUSEHOLD_EVENTS.membershipsChanged)
  membershipsChanged(@Payload() payload: unknown): Promise<void> {
    return withValidEvent(
      HOUSEHOLD_EVENTS.membershipsChanged,
      MembershipsChangedEventSchema,
      payload,
      ({ userIds }) => this.reminders.markPlansStale(userIds),
    );
  }
}
