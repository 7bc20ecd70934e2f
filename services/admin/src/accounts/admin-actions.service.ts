import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  ADMIN_MESSAGES,
  type AdminActionResponse,
  type AdminListQuery,
  type AdminUsersResponse,
  type AdminWaitlistResponse,
  type CreateUserRequest,
  type TransportFailure,
  type UserStatus,
} from '@paycadence/contracts';
import { isRowId, ValidationFailedError } from '@paycadence/nest-kit';
import { AuditRecorder, type ActionContext } from '../audit/audit-recorder.js';
import { AdminError, StatusUnchangedError } from '../errors.js';
import { AuthAccountsClient } from './auth-accounts.client.js';
import { WaitlistClient } from './waitlist.client.js';

/** A failure reply with no specific meaning for this action: the other side refused in a way we cannot explain. */
function unexpected(failure: TransportFailure): never {
  if (failure.code === 'VALIDATION') throw new ValidationFailedError(failure.errors ?? {}, failure.message);
  throw new AdminError('DEPENDENCY_UNAVAILABLE');
}

/** "Ann Marie Lee" → first "Ann", last "Marie Lee"; a blank or missing name → both null. */
export function splitName(name: string | null): { firstName: string | null; lastName: string | null } {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return { firstName: null, lastName: null };
  return { firstName: parts[0], lastName: parts.length > 1 ? parts.slice(1).join(' ') : null };
}

/**
 * The admin actions of docs/product/signed-in.md §2, §5, §7: auth owns the accounts and waitlist the entries
 * (asked over the Redis transport). Every change is audited by the side that commits it: auth records the
 * account changes (created, approved, suspended, activated) through the audit queue; admin records the
 * waitlist removals it commits through the waitlist service.
 */
@Injectable()
export class AdminActionsService {
  private readonly logger = new Logger(AdminActionsService.name);

  constructor(
    @Inject(AuthAccountsClient) private readonly auth: AuthAccountsClient,
    @Inject(WaitlistClient) private readonly waitlist: WaitlistClient,
    @Inject(AuditRecorder) private readonly audit: AuditRecorder,
  ) {}

  /** One page of accounts and the counters; auth searches, sorts and pages (it owns the table and its indexes). */
  async listUsers(query: AdminListQuery): Promise<AdminUsersResponse> {
    const reply = await this.auth.listUsers(query);
    if (!reply.ok) unexpected(reply);
    const { ok: _ok, ...page } = reply;
    return page;
  }

  /** One page of pending entries and the counter, from the waitlist service; `users` is the wire's name for them. */
  async listWaitlist(query: AdminListQuery): Promise<AdminWaitlistResponse> {
    const reply = await this.waitlist.list(query);
    if (!reply.ok) unexpected(reply);
    const { ok: _ok, entries, ...page } = reply;
    return { users: entries, ...page };
  }

  /** docs/product/signed-in.md §5: e-mail, a password of at least 6 characters, role user or admin. */
  async createUser(context: ActionContext, request: Required<CreateUserRequest>): Promise<AdminActionResponse> {
    const reply = await this.auth.createUser({ email: request.email, password: request.password, role: request.role, ...context });
    if (!reply.ok) {
      if (reply.code === 'EMAIL_TAKEN') throw new AdminError('ACCOUNT_EXISTS');
      unexpected(reply);
    }
    // Auth logged admin.user-created itself, right after its insert (the side that commits records).
    return { success: true, message: ADMIN_MESSAGES.created, user: reply.user };
  }

  /**
   * Approve a waitlist entry: auth creates the account (no usable password) and e-mails a set-password link,
   * then the entry goes. Not on the waitlist, or an account already there: a clear refusal, nothing changed.
   */
  async approveUser(context: ActionContext, email: string): Promise<AdminActionResponse> {
    const found = await this.waitlist.findByEmail(email);
    if (!found.ok) unexpected(found);
    const entry = found.entry;
    if (!entry) throw new AdminError('NOT_ON_WAITLIST');
    const approved = await this.auth.approveAccount({ email: entry.email, ...splitName(entry.name), ...context });
    if (!approved.ok) {
      // The entry stays: the admin sees why, and may remove it once they know the person already has an account.
      if (approved.code === 'EMAIL_TAKEN') throw new AdminError('ACCOUNT_EXISTS');
      unexpected(approved);
    }
    const removed = await this.waitlist.remove(entry.id).catch((error: Error) => error);
    // The account exists and its link is on its way: that is the approval. A leftover entry is only noise
    // (approving it again answers "already exists"; the admin can remove it).
    if (removed instanceof Error || !removed.ok) this.logger.warn(`approved ${entry.id} but its waitlist entry stays`);
    // Auth logged admin.user-approved itself (one event per account, so a retried approval is logged once).
    return { success: true, message: ADMIN_MESSAGES.approved(approved.user.email) };
  }

  /** A malformed id is as unknown as a missing one (404), and nothing is asked. */
  async removeFromWaitlist(context: ActionContext, id: string): Promise<AdminActionResponse> {
    if (!isRowId(id)) throw new AdminError('WAITLIST_ENTRY_NOT_FOUND');
    const reply = await this.waitlist.remove(id);
    if (!reply.ok) {
      if (reply.code === 'NOT_FOUND') throw new AdminError('WAITLIST_ENTRY_NOT_FOUND');
      unexpected(reply);
    }
    await this.audit.record(context, {
      kind: 'admin.waitlist-removed',
      subject: { id: null, email: reply.entry.email },
      details: { waitlistEntryId: reply.entry.id },
    });
    return { success: true, message: ADMIN_MESSAGES.removed };
  }

  /** docs/product/signed-in.md §4: active ↔ suspended; never an admin, never oneself (auth checks both, from the actor id). */
  async setUserStatus(context: ActionContext, userId: string, status: UserStatus): Promise<AdminActionResponse> {
    if (userId === context.actorId) throw new AdminError('OWN_STATUS_FIXED');
    const reply = await this.auth.setUserStatus({ userId, status, ...context });
    if (!reply.ok) {
      if (reply.code === 'NOT_FOUND') throw new AdminError('USER_NOT_FOUND');
      if (reply.code === 'ADMIN_TARGET') throw new AdminError('ADMIN_STATUS_FIXED');
      if (reply.code === 'SELF_TARGET') throw new AdminError('OWN_STATUS_FIXED');
      if (reply.code === 'UNCHANGED') throw new StatusUnchangedError(status);
      unexpected(reply);
    }
    // Auth logged admin.user-suspended / -activated itself, right after its write: a reply lost to our
    // timeout cannot leave a real change unlogged.
    return { success: true, message: status === 'suspended' ? ADMIN_MESSAGES.suspended : ADMIN_MESSAGES.activated };
  }
}
