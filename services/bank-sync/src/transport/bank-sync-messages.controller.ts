import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  BANK_SYNC_MESSAGES,
  BANK_SYNC_PATTERNS,
  UserMessageSchema,
  type FullSyncAnswer,
  type FullSyncReply,
} from '@paycadence/contracts';
import { withValidPayload } from '@paycadence/nest-kit';
import { SyncRequests } from '../sync/sync-requests.service.js';
import { SyncStatusService } from './sync-status.service.js';

/**
 * What finance asks over the Redis transport (docs/architecture.md). Finance already checked the bearer token; the
 * message names the user, and a malformed one gets nest-kit's withValidPayload refusal rather than a guess.
 */
@Controller()
export class BankSyncMessagesController {
  constructor(
    @Inject(SyncRequests) private readonly syncRequests: SyncRequests,
    @Inject(SyncStatusService) private readonly status: SyncStatusService,
  ) {}

  /** finance's POST /sync-bank-data: queue every item of the user (jobs collapse with any already waiting). */
  @MessagePattern(BANK_SYNC_PATTERNS.fullSync)
  fullSync(@Payload() payload: unknown): Promise<FullSyncReply> {
    return withValidPayload(UserMessageSchema, payload, async ({ userId }): Promise<FullSyncAnswer> => {
      const queued = await this.syncRequests.queueUser(userId);
      const { itemCount, lastSyncedAt } = await this.status.of(userId);
      // Every linked bank waits for a new sign-in: nothing was started, so not ok (finance shows it as a
      // failure with this message, not as a green success).
      if (queued === 0 && itemCount > 0) {
        return { ok: false, message: BANK_SYNC_MESSAGES.loginRequired, itemCount, lastSyncedAt };
      }
      return { ok: true, message: BANK_SYNC_MESSAGES.syncQueued, itemCount, lastSyncedAt };
    });
  }
}
