import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  ADMIN_MESSAGES,
  ApproveAccountMessageSchema,
  ApproveUserRequestSchema,
  CreateUserMessageSchema,
  CreateUserRequestSchema,
  ListUsersMessageSchema,
  SET_PASSWORD_TOKEN_TTL_SECONDS,
  SetUserStatusMessageSchema,
  transportInvalid,
  type ListUsersReply,
  type TransportFailure,
  type UserReply,
} from '@paycadence/contracts';
import { MAIL_SENDER, withValidPayload, type MailSender } from '@paycadence/nest-kit';
import { AuditTrail, onceId, type AuditParty, type AuthAuditKind } from '../audit/audit-trail.js';
import { isAuthError } from '../errors.js';
import { PasswordHasher } from '../crypto/password-hasher.js';
import { randomToken } from '../crypto/tokens.js';
import { PasswordResetService } from '../auth/password-reset.service.js';
import { EmailConfirmationService } from '../email-confirmation/email-confirmation.service.js';
import { SessionService } from '../sessions/session.service.js';
import type { User } from '../users/user.entity.js';
import { UsersService } from '../users/users.service.js';
import { AccountStatusPublisher } from './account-status.publisher.js';
import { toAdminListedUser } from './admin-listed-user.js';
import { AdminUserList } from './admin-user-list.js';
import { setPasswordMail } from './set-password-mail.js';

const failure = (code: TransportFailure['code'], message: string): TransportFailure => ({ ok: false, code, message });

/** Who asked (the admin from admin's verified token) and from where: every admin message carries them. */
type ActorFields = { actorId: string; actorEmail: string | null; ip: string | null; userAgent: string | null };

const NAME_MAX = 100;
const nameOrNull = (value: string | null) => value?.trim().slice(0, NAME_MAX) || null;

/**
 * What the admin service asks auth over the Redis transport (AUTH_ADMIN_PATTERNS). Every payload is checked
 * against the contracts' schemas; a refusal is a TransportFailure reply, never a thrown error. The admin
 * service checked the caller's admin role; auth records the changes it commits (admin.user-created, -approved,
 * -suspended, -activated) with the actor the message names, never a refusal or an UNCHANGED answer.
 */
@Injectable()
export class AdminUsersService {
  private readonly logger = new Logger('AdminUsers');

  constructor(
    private readonly users: UsersService,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionService,
    @Inject(PasswordResetService) private readonly passwordReset: PasswordResetService,
    @Inject(AccountStatusPublisher) private readonly statusPublisher: AccountStatusPublisher,
    @Inject(MAIL_SENDER) private readonly mail: MailSender,
    @Inject(AuditTrail) private readonly audit: AuditTrail,
    @Inject(EmailConfirmationService) private readonly confirmations: EmailConfirmationService,
    @Inject(AdminUserList) private readonly list: AdminUserList,
  ) {}

  /** One page of the admin's account list (AdminListQuerySchema: search, sort, keyset page) and its counters. */
  listUsers(payload: unknown): Promise<ListUsersReply> {
    return withValidPayload(ListUsersMessageSchema, payload ?? {}, async (query) => ({ ok: true as const, ...(await this.list.page(query)) }));
  }

  /**
   * docs/product/signed-in.md §5 "Create user": a password of at least 6 characters, role user or admin (argon2id). The admin
   * typed the address, which proves nothing: its owner gets a link to confirm it, as after a sign-up.
   */
  createUser(payload: unknown): Promise<UserReply> {
    return withValidPayload(CreateUserMessageSchema, payload, async (message): Promise<UserReply> => {
      // withValidPayload checked the message's shape; the account rules (address, password length, role) are
      // the admin form's own check, answered with its field errors.
      const { email, password, role } = message;
      const parsed = CreateUserRequestSchema.safeParse({ email, password, role });
      if (!parsed.success) return transportInvalid(parsed.error);
      const request = parsed.data;
      if (await this.users.findByEmail(request.email)) {
        return failure('EMAIL_TAKEN', ADMIN_MESSAGES.accountExists);
      }
      const passwordHash = await this.hasher.hash(request.password);
      const reply = await this.created(() =>
        this.users.create({ email: request.email, passwordHash, role: request.role }),
      );
      if (reply.ok) {
        this.recordChange('admin.user-created', message, reply.user, { role: reply.user.role });
        const account = await this.users.findById(reply.user.id);
        if (account) this.confirmations.sendFirstLink(account);
      }
      return reply;
    });
  }

  /**
   * A waitlist approval: an active account with role user and NO usable password, and an e-mailed single-use
   * set-password link (valid SET_PASSWORD_TOKEN_TTL_SECONDS) to the reset screen. The stored hash is of a
   * random secret nobody is ever told, so the account cannot be signed in to until its owner sets a password
   * through the link.
   *
   * Idempotent: approving an account that an approval made and whose password was never set
   * answers ok again with a fresh link (earlier unused links stop working), so an approval whose answer
   * outlived admin's timeout, or whose mail never went out (auth died, SMTP down), is finished by approving
   * again. Every other existing account is EMAIL_TAKEN.
   */
  approveAccount(payload: unknown): Promise<UserReply> {
    return withValidPayload(ApproveAccountMessageSchema, payload, async (message): Promise<UserReply> => {
      // The address rules are the admin form's own check, as for createUser.
      const parsed = ApproveUserRequestSchema.safeParse({ email: message.email });
      if (!parsed.success) return transportInvalid(parsed.error);
      const { email } = parsed.data;
      const account =
        (await this.users.findByEmail(email)) ?? (await this.createAwaitingPassword(email, message));
      if (account.passwordSetAt !== null) return failure('EMAIL_TAKEN', ADMIN_MESSAGES.accountExists);
      // Recorded at every answer that reaches the account, under one id per account: stored once, even when
      // the first attempt died before recording it.
      const onceKey = onceId('admin.user-approved', account.id);
      this.recordChange('admin.user-approved', message, account, { role: account.role }, onceKey);
      await this.passwordReset.revokeLinks(account.id);
      const link = await this.passwordReset.issueRecoveryLink(account.id, SET_PASSWORD_TOKEN_TTL_SECONDS);
      await this.mail.send(setPasswordMail(account.email, account.firstName, link));
      return { ok: true, user: toAdminListedUser(account, (await this.users.secondFactors(account.id)).keys > 0) };
    });
  }

  /** The approval's account; an address taken meanwhile (a sign-up, a second approval) answers that account. */
  private async createAwaitingPassword(email: string, names: { firstName: string | null; lastName: string | null }): Promise<User> {
    const passwordHash = await this.hasher.hash(randomToken(32));
    try {
      return await this.users.create({ email, passwordHash, role: 'user', firstName: nameOrNull(names.firstName), lastName: nameOrNull(names.lastName), awaitingPassword: true });
    } catch (error) {
      const taken = isAuthError(error, 'EMAIL_TAKEN') ? await this.users.findByEmail(email) : null;
      if (!taken) throw error;
      return taken;
    }
  }

  /**
   * Suspend or activate a user (never an admin, never oneself). Suspending revokes every refresh token of the
   * user (their refresh is refused at once) and tells every service's guard through Redis (their access
   * tokens are refused within a message). All of it happens under the account's row lock, in one transaction
   * (UsersService.changeStatus): two admins acting at once leave the database and Redis agreeing. Setting the
   * status it already has re-asserts the Redis side (a retry after a partial failure repairs it) and answers
   * UNCHANGED, so admin neither reports nor logs a change.
   */
  setUserStatus(payload: unknown): Promise<UserReply> {
    return withValidPayload(SetUserStatusMessageSchema, payload, async (message): Promise<UserReply> => {
      const { userId, status, actorId } = message;
      if (userId === actorId) return failure('SELF_TARGET', ADMIN_MESSAGES.ownStatusFixed);
      const outcome = await this.users.changeStatus(userId, status, async (manager) => {
        if (status === 'suspended') await this.sessions.revokeAll(userId, manager);
        await this.statusPublisher.publish(userId, status);
      });
      if (outcome === 'not-found') return failure('NOT_FOUND', ADMIN_MESSAGES.userNotFound);
      if (outcome === 'admin') return failure('ADMIN_TARGET', ADMIN_MESSAGES.adminStatusFixed);
      if (!outcome.changed) return failure('UNCHANGED', ADMIN_MESSAGES.statusUnchanged(status));
      const kind = status === 'suspended' ? 'admin.user-suspended' : 'admin.user-activated';
      this.recordChange(kind, message, outcome.user, { role: outcome.user.role });
      this.logger.log(`${status === 'suspended' ? 'suspended' : 'activated'} user ${userId} (by ${actorId})`);
      return { ok: true, user: toAdminListedUser(outcome.user, (await this.users.secondFactors(userId)).keys > 0) };
    });
  }

  /**
   * The audit event of a change auth just committed (the committing side records it, so a
   * reply lost to admin's timeout cannot leave the change unlogged). Never in the way of the answer.
   */
  private recordChange(kind: AuthAuditKind, by: ActorFields, subject: AuditParty, details: Record<string, string>, id?: string): void {
    void this.audit.record(kind, {
      actor: { id: by.actorId, email: by.actorEmail },
      subject: { id: subject.id, email: subject.email },
      origin: { ip: by.ip, userAgent: by.userAgent },
      details,
      ...(id ? { id } : {}),
    });
  }

  /** Creates; an address taken meanwhile (two admins at once, a sign-up) is EMAIL_TAKEN too. */
  private async created(create: () => Promise<User>): Promise<UserReply> {
    try {
      // A new account has no key yet.
      return { ok: true, user: toAdminListedUser(await create(), false) };
    } catch (error) {
      if (isAuthError(error, 'EMAIL_TAKEN')) return failure('EMAIL_TAKEN', ADMIN_MESSAGES.accountExists);
      throw error;
    }
  }
}
