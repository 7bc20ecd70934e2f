import { Inject, Injectable } from '@nestjs/common';
import {
  WAITLIST_ADMIN_PATTERNS,
  WaitlistEntryReplySchema,
  WaitlistListReplySchema,
  WaitlistRemoveReplySchema,
  type AdminListQuery,
  type WaitlistEntryReply,
  type WaitlistListReply,
  type WaitlistRemoveReply,
} from '@paycadence/contracts';
import { AdminTransport } from '../transport/transport-client.js';

/** The waitlist questions admin asks the waitlist service (WAITLIST_ADMIN_PATTERNS). */
@Injectable()
export class WaitlistClient {
  constructor(@Inject(AdminTransport) private readonly transport: AdminTransport) {}

  list(query: AdminListQuery): Promise<WaitlistListReply> {
    return this.transport.ask(WAITLIST_ADMIN_PATTERNS.list, query, WaitlistListReplySchema);
  }

  findByEmail(email: string): Promise<WaitlistEntryReply> {
    return this.transport.ask(WAITLIST_ADMIN_PATTERNS.findByEmail, { email }, WaitlistEntryReplySchema);
  }

  remove(id: string): Promise<WaitlistRemoveReply> {
    return this.transport.ask(WAITLIST_ADMIN_PATTERNS.remove, { id }, WaitlistRemoveReplySchema);
  }
}
