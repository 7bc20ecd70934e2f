import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  ADMIN_MESSAGES,
  WAITLIST_ADMIN_PATTERNS,
  WaitlistFindByEmailMessageSchema,
  WaitlistListMessageSchema,
  WaitlistRemoveMessageSchema,
  type WaitlistEntryReply,
  type WaitlistListReply,
  type WaitlistRemoveReply,
} from '@paycadence/contracts';
import { withValidPayload } from '@paycadence/nest-kit';
import { WaitlistAdminService } from './waitlist-admin.service.js';

/**
 * The admin service's side of the waitlist over the Redis transport (docs/architecture.md): admin never reads this
 * schema, it asks here. Replies are `{ok: true, ...}` or a TransportFailure (libs/contracts/src/admin.ts); a
 * malformed message gets nest-kit's withValidPayload refusal, naming the bad fields (nothing is touched).
 */
@Controller()
export class WaitlistAdminMessagesController {
  constructor(@Inject(WaitlistAdminService) private readonly waitlist: WaitlistAdminService) {}

  @MessagePattern(WAITLIST_ADMIN_PATTERNS.list)
  async list(@Payload() payload: unknown): Promise<WaitlistListReply> {
    return withValidPayload(WaitlistListMessageSchema, payload ?? {}, (query) => this.waitlist.page(query));
  }

  @MessagePattern(WAITLIST_ADMIN_PATTERNS.findByEmail)
  async findByEmail(@Payload() payload: unknown): Promise<WaitlistEntryReply> {
    return withValidPayload(WaitlistFindByEmailMessageSchema, payload, async ({ email }) => ({ ok: true, entry: await this.waitlist.findByEmail(email) }));
  }

  @MessagePattern(WAITLIST_ADMIN_PATTERNS.remove)
  async remove(@Payload() payload: unknown): Promise<WaitlistRemoveReply> {
    return withValidPayload(WaitlistRemoveMessageSchema, payload, async ({ id }): Promise<WaitlistRemoveReply> => {
      const entry = await this.waitlist.remove(id);
      return entry ? { ok: true, entry } : { ok: false, code: 'NOT_FOUND', message: ADMIN_MESSAGES.waitlistEntryNotFound };
    });
  }
}
