import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { HOUSEHOLD_EVENTS, type HouseholdDeletedEvent } from '@payday/contracts';
import { createRedisClient, InjectServiceConfig } from '@payday/nest-kit';
import { lastValueFrom, timeout } from 'rxjs';
import type { HouseholdConfig } from '../config.js';

/**
 * Events household announces over the Redis transport (fire and forget). Sent only after the change committed,
 * and a failure to send is logged, never answered to the user (their change stands). An event can be lost (Redis
 * or the listener down), so listeners must stay correct without it.
 */
@Injectable()
export class HouseholdEventsPublisher implements OnModuleDestroy {
  private readonly logger = new Logger('HouseholdEvents');
  private client: ClientProxy | null = null;

  constructor(@InjectServiceConfig() private readonly config: HouseholdConfig) {}

  /** The household is gone: finance gives its shared bills and income back to whoever added them. */
  async deleted(householdId: string): Promise<void> {
    const event: HouseholdDeletedEvent = { householdId };
    try {
      // Connected on first use, like the directory client: household starts while Redis is down.
      this.client ??= createRedisClient(this.config.REDIS_URL);
      await lastValueFrom(
        this.client
          .emit(HOUSEHOLD_EVENTS.deleted, event)
          .pipe(timeout(this.config.HOUSEHOLD_TRANSPORT_TIMEOUT_MS)),
        {
          defaultValue: undefined,
        },
      );
    } catch (error) {
      this.logger.warn(
        `${HOUSEHOLD_EVENTS.deleted} for ${householdId} not sent: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  async onModuleDestroy(): Promise<void> {
    await this.client?.close();
    this.client = null;
  }
}
