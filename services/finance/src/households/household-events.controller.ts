import { Controller, Inject, Logger } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { HOUSEHOLD_EVENTS, HouseholdDeletedEventSchema } from '@payday/contracts';
import { HouseholdItemsRelease } from './household-items-release.js';

/**
 * household's events over the Redis transport (fire and forget: nothing is answered). A malformed event is
 * logged and dropped.
 */
@Controller()
export class HouseholdEventsController {
  private readonly logger = new Logger('HouseholdEvents');

  constructor(@Inject(HouseholdItemsRelease) private readonly release: HouseholdItemsRelease) {}

  @EventPattern(HOUSEHOLD_EVENTS.deleted)
  async deleted(@Payload() payload: unknown): Promise<void> {
    const parsed = HouseholdDeletedEventSchema.safeParse(payload);
    if (!parsed.success) {
      this.logger.warn(`${HOUSEHOLD_EVENTS.deleted}: malformed event dropped`);
      return;
    }
    const released = await this.release.releaseItemsOf([parsed.data.householdId]);
    this.logger.log(
      `household ${parsed.data.householdId} deleted: ${released} shared item(s) back to whoever added them`,
    );
  }
}
