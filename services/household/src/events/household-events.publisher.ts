import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import {
  HOUSEHOLD_EVENTS,
  type HouseholdDeletedEvent,
  type MembershipsChangedEvent,
} from '@paycadence/contracts';
import { InjectServiceConfig, TransportClient } from '@paycadence/nest-kit';
import type { HouseholdConfig } from '../config.js';

/**
 * Events household announces over the Redis transport, through nest-kit's TransportClient.emit (fire and
 * forget: nobody answers, so nothing waits and there is no timeout). Sent only after the change committed,
 * and a failure to send is logged, never answered to the user (their change stands). An event can be lost
 * (Redis or the listener down), so listeners must stay correct without it.
 */
@Injectable()
export class HouseholdEventsPublisher implements OnModuleDestroy {
  private readonly transport: TransportClient;

  constructor(@InjectServiceConfig() config: HouseholdConfig) {
    // Connected on first use, like the directory client: household starts while Redis is down.
    this.transport = new TransportClient(config.REDIS_URL);
  }

  /** The household is gone: finance gives its shared bills and income back to whoever added them. */
  deleted(householdId: string): void {
    const event: HouseholdDeletedEvent = { householdId };
    void this.transport.emit(HOUSEHOLD_EVENTS.deleted, event);
  }

  /** These users' households changed: finance plans their reminders again (shared items came or went). */
  membershipsChanged(userIds: readonly string[]): void {
    for (let start = 0; start < userIds.length; start += 1_000) {
      const event: MembershipsChangedEvent = { userIds: userIds.slice(start, start + 1_000) };
      void this.transport.emit(HOUSEHOLD_EVENTS.membershipsChanged, event);
    }
  }

  async onModuleDestroy(): Promise<void> {
    await this.transport.onModuleDestroy();
  }
}
