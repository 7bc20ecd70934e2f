import { z } from 'zod';
import { cutText, safeString } from './text.js';
import { ADMIN_CREATED_PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH, REGISTRATION_MESSAGES, ROLES, USER_STATUSES, emailField } from './auth.js';
import { transportReply as reply } from './transport.js';

// The admin area (docs/product/signed-in.md §2, §3, §4, §5, §7, §8): its HTTP wire shapes, the messages both sides show,
// the Redis-transport messages admin sends to auth and waitlist (it never reads their schemas), and the
// audit log (a real log instead of the product's placeholder).

// ---------------------------------------------------------------------------------------------------------
// Messages: the product's words (docs/product/signed-in.md §2, §5, §8) and the server's own where docs/product shows none
// ---------------------------------------------------------------------------------------------------------

export const ADMIN_MESSAGES = {
  // docs/product/signed-in.md §2
  pageTitle: 'Waitlist & User Management',
  pageBadge: 'Admin Panel',
  pageSubtitle: 'Manage user registrations, waitlist approvals, and user accounts',
  usersPageTitle: 'User Management',
  usersPageSubtitle: 'Manage registered users, waitlist approvals, and create new accounts',
  accessDenied: 'Access Denied',
  accessDeniedBody: "You don't have permission to access this page.",
  searchPlaceholder: 'Search by email or name...',
  loading: 'Loading user data...',
  createModalTitle: 'Create New User',
  // docs/product/signed-in.md §5
  removeConfirm: 'Are you sure you want to remove this user from the waitlist?',
  // docs/product/signed-in.md §8
  createFailed: 'Failed to create user',
  createFailedWith: (error: string) => `Failed to create user: ${error}`,
  created: 'User created successfully!',
  approved: (email: string) => `User ${email} approved successfully!`,
  approveFailed: 'Failed to approve user',
  removed: 'User removed from waitlist',
  removeFailed: 'Failed to remove user',
  activated: 'User activated successfully!',
  suspended: 'User suspended successfully!',
  toggleFailed: 'Failed to update user status',
  noWaitlist: 'No waitlist users found.',
  noUsers: 'No registered users found.',
  // The server's own answers (not in docs/product)
  accountExists: 'An account with this email already exists',
  notOnWaitlist: 'This email is not on the waitlist (it may already have been approved)',
  waitlistEntryNotFound: 'Waitlist entry not found',
  userNotFound: 'User not found',
  adminStatusFixed: "An administrator's status cannot be changed",
  ownStatusFixed: 'You cannot change your own status',
  statusUnchanged: (status: string) => `The user is already ${status}`,
  dependencyUnavailable: 'The admin service cannot reach the accounts service right now. Please try again.',
} as const;

// ---------------------------------------------------------------------------------------------------------
// HTTP: /api/admin (docs/product/signed-in.md §7)
// ---------------------------------------------------------------------------------------------------------

const isoInstant = z.string().datetime({ offset: true });

/** docs/product/signed-in.md §3 "Admin-listed user" (both spellings of the creation date, as the screens read either). */
export const AdminListedUserSchema = z.object({
  id: z.string().uuid(),
  email: z.string(),
  /** "First Last", or null when the account has no name. */
  name: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: z.enum(ROLES),
  status: z.enum(USER_STATUSES),
  createdAt: isoInstant,
  created_at: isoInstant,
  last_sign_in_at: isoInstant.nullable(),
});
export type AdminListedUser = z.infer<typeof AdminListedUserSchema>;

/**
 * GET /api/admin/users answers at most this many accounts, newest first (no paging in the wire contract: the
 * screens filter and count in the browser; past this size the list needs paging).
 */
export const ADMIN_USERS_LIST_MAX = 5_000;

/** GET /api/admin/users */
export const AdminUsersResponseSchema = z.object({ users: z.array(AdminListedUserSchema) });
export type AdminUsersResponse = z.infer<typeof AdminUsersResponseSchema>;

/** docs/product/signed-in.md §3 "Waitlist entry" (referral_source is shown as 'Source'). */
export const AdminWaitlistEntrySchema = z.object({
  id: z.string().uuid(),
  email: z.string(),
  name: z.string().nullable(),
  created_at: isoInstant,
  referral_source: z.string(),
});
export type AdminWaitlistEntry = z.infer<typeof AdminWaitlistEntrySchema>;

/** GET /api/admin/waitlist */
export const AdminWaitlistResponseSchema = z.object({ users: z.array(AdminWaitlistEntrySchema) });
export type AdminWaitlistResponse = z.infer<typeof AdminWaitlistResponseSchema>;

/** docs/product/signed-in.md §5 "Create user" and §9: a password of at least 6 characters for admin-created accounts. */
export const adminPasswordField = z
  .string({ error: REGISTRATION_MESSAGES.passwordRequired })
  .min(1, REGISTRATION_MESSAGES.passwordRequired)
  .min(ADMIN_CREATED_PASSWORD_MIN_LENGTH, `Password must be at least ${ADMIN_CREATED_PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, REGISTRATION_MESSAGES.passwordTooLong);

/** POST /api/admin/create-user (docs/product/signed-in.md §3 "Create-user payload"). */
export const CreateUserRequestSchema = z
  .object({
    email: emailField,
    password: adminPasswordField,
    role: z.enum(ROLES, { error: 'Role must be user or admin' }).default('user'),
  })
  .strict();
export type CreateUserRequest = z.input<typeof CreateUserRequestSchema>;

/** POST /api/admin/approve-user */
export const ApproveUserRequestSchema = z.object({ email: emailField }).strict();
export type ApproveUserRequest = z.input<typeof ApproveUserRequestSchema>;

/** POST /api/admin/toggle-user-status: the status to set (docs/product/signed-in.md §7). */
export const ToggleUserStatusRequestSchema = z
  .object({
    userId: z.string({ error: 'userId is required' }).uuid('userId must be a user id'),
    status: z.enum(USER_STATUSES, { error: 'Status must be active or suspended' }),
  })
  .strict();
export type ToggleUserStatusRequest = z.input<typeof ToggleUserStatusRequestSchema>;

/** The answer of create-user, approve-user, waitlist removal and toggle-user-status: the message the screen shows. */
export const AdminActionResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  user: AdminListedUserSchema.optional(),
});
export type AdminActionResponse = z.infer<typeof AdminActionResponseSchema>;

// ---------------------------------------------------------------------------------------------------------
// Audit log (GET /api/admin/logs; the System Logs page)
// ---------------------------------------------------------------------------------------------------------

/** What the log records: every admin action, every sign-in failure, lockout, password reset and 2FA change. */
export const AUDIT_KINDS = [
  'admin.user-created',
  'admin.user-approved',
  'admin.waitlist-removed',
  'admin.user-suspended',
  'admin.user-activated',
  'auth.sign-in-failed',
  'auth.locked-out',
  'auth.password-reset-requested',
  'auth.password-reset-completed',
  'auth.email-confirmed',
  'auth.mfa-enabled',
  'auth.mfa-disabled',
  'auth.mfa-code-failed',
  'auth.account-deleted',
  'blog.post-created',
  'blog.post-updated',
  'blog.post-deleted',
  'blog.image-uploaded',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

/** How the System Logs page names each kind. */
export const AUDIT_KIND_LABELS: Record<AuditKind, string> = {
  'admin.user-created': 'User created',
  'admin.user-approved': 'Waitlist user approved',
  'admin.waitlist-removed': 'Removed from waitlist',
  'admin.user-suspended': 'User suspended',
  'admin.user-activated': 'User activated',
  'auth.sign-in-failed': 'Sign-in failed',
  'auth.locked-out': 'Sign-in locked out',
  'auth.password-reset-requested': 'Password reset requested',
  'auth.password-reset-completed': 'Password reset completed',
  'auth.email-confirmed': 'E-mail address confirmed',
  'auth.mfa-enabled': 'Two-factor enabled',
  'auth.mfa-disabled': 'Two-factor disabled',
  'auth.mfa-code-failed': 'Two-factor code failed',
  'auth.account-deleted': 'Account deleted',
  'blog.post-created': 'Blog post created',
  'blog.post-updated': 'Blog post updated',
  'blog.post-deleted': 'Blog post deleted',
  'blog.image-uploaded': 'Blog image uploaded',
};

/** The schema's length limits (AuditEventSchema), which buildAuditEvent cuts to. */
export const AUDIT_LIMITS = { email: 254, ip: 64, userAgent: 512, detailKey: 64, detailValue: 256 } as const;

const auditParty = z.object({ id: z.string().uuid().nullable(), email: z.string().max(AUDIT_LIMITS.email).nullable() });

/**
 * One audit event as its producer records it (auth through the `record-audit` job, admin directly). `id` is
 * chosen by the producer, so a retried job stores the event once.
 */
export const AuditEventSchema = z
  .object({
    id: z.string().uuid(),
    kind: z.enum(AUDIT_KINDS),
    occurredAt: isoInstant,
    /** Who did it (the admin; the user changing their own 2FA; null for an anonymous sign-in attempt). */
    actor: auditParty,
    /** Whom it concerns (the account signed in to, created, suspended...). */
    subject: auditParty,
    /** From where: the client address as the gateway saw it, and its user agent. */
    ip: z.string().max(AUDIT_LIMITS.ip).nullable(),
    userAgent: z.string().max(AUDIT_LIMITS.userAgent).nullable(),
    /** A few facts worth keeping (role given, reason refused); never a password, token or code. */
    details: z
      .record(z.string().max(AUDIT_LIMITS.detailKey), z.union([z.string().max(AUDIT_LIMITS.detailValue), z.number(), z.boolean(), z.null()]))
      .default({}),
  })
  .strict();
export type AuditEvent = z.output<typeof AuditEventSchema>;
export type AuditEventInput = z.input<typeof AuditEventSchema>;

/** Who, as a producer knows it: an account id (a uuid, else dropped) and an address, either may be unknown. */
export interface AuditPartyInput {
  id: string | null;
  email: string | null;
}

export interface AuditEventDraft {
  kind: AuditKind;
  /** Default: now. */
  occurredAt?: Date | string;
  /** Default: anonymous. */
  actor?: AuditPartyInput;
  subject: AuditPartyInput;
  ip?: string | null;
  userAgent?: string | null;
  details?: Record<string, string | number | boolean | null | undefined>;
  /** A stable id when the same event may be produced twice (a retried action); default: a fresh uuid. */
  id?: string;
}

/** Detail keys that could carry a credential never reach the log, whatever a producer passes. */
const SECRET_DETAIL_KEY = /pass|token|code|secret|otp|hash/i;
const UUID = z.string().uuid();
const cut = (value: string | null | undefined, max: number) => (value == null ? null : cutText(value, max));
const partyOf = (party: AuditPartyInput | undefined) => ({
  id: party?.id && UUID.safeParse(party.id).success ? party.id : null,
  email: cut(party?.email, AUDIT_LIMITS.email),
});

/**
 * An AuditEvent every producer builds the same way (auth's AuditTrail, admin's recorder): lengths cut to the
 * schema's limits, credentials left out of the details, an unusable value dropped rather than refused, so a
 * long e-mail or user agent never turns an action that already happened into an error. The result passes
 * AuditEventSchema.
 */
export function buildAuditEvent(draft: AuditEventDraft): AuditEvent {
  const details: AuditEvent['details'] = {};
  for (const [key, value] of Object.entries(draft.details ?? {})) {
    if (value === undefined || SECRET_DETAIL_KEY.test(key)) continue;
    const kept = typeof value === 'string' ? cutText(value, AUDIT_LIMITS.detailValue) : typeof value === 'number' && !Number.isFinite(value) ? null : value;
    details[cutText(key, AUDIT_LIMITS.detailKey)] = kept;
  }
  const at = draft.occurredAt === undefined ? new Date() : new Date(draft.occurredAt);
  return {
    id: draft.id && UUID.safeParse(draft.id).success ? draft.id : globalThis.crypto.randomUUID(),
    kind: draft.kind,
    occurredAt: (Number.isNaN(at.getTime()) ? new Date() : at).toISOString(),
    actor: partyOf(draft.actor),
    subject: partyOf(draft.subject),
    ip: cut(draft.ip, AUDIT_LIMITS.ip),
    userAgent: cut(draft.userAgent, AUDIT_LIMITS.userAgent),
    details,
  };
}

/** An entry of GET /api/admin/logs: the event plus when the log stored it. */
export const AuditEntrySchema = AuditEventSchema.extend({ recordedAt: isoInstant });
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AUDIT_PAGE_SIZE_DEFAULT = 50;
export const AUDIT_PAGE_SIZE_MAX = 200;

/** GET /api/admin/logs?kind&user&from&to&page&pageSize: filters are ANDed; newest first. */
export const AuditQuerySchema = z
  .object({
    /** One kind, or a family: `admin` or `auth`. */
    kind: z.union([z.enum(AUDIT_KINDS), z.enum(['admin', 'auth'])], { error: 'Unknown log kind' }).optional(),
    /** A user id or an exact e-mail address (case-insensitive), as actor or subject. */
    user: safeString().trim().min(1).max(254).optional(),
    from: isoInstant.optional(),
    to: isoInstant.optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(AUDIT_PAGE_SIZE_MAX).default(AUDIT_PAGE_SIZE_DEFAULT),
  })
  .strict()
  .refine((query) => !query.from || !query.to || query.from <= query.to, { path: ['to'], message: 'to must be on or after from' });
export type AuditQuery = z.output<typeof AuditQuerySchema>;

export const AuditPageSchema = z.object({
  entries: z.array(AuditEntrySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type AuditPage = z.infer<typeof AuditPageSchema>;

/**
 * admin's REDIS_KEY_PREFIX unless a deployment sets another: the `audit` queue lives under it, so every
 * producer of audit events (auth) must use the same one.
 */
export const ADMIN_DEFAULT_KEY_PREFIX = 'admin:';

/**
 * The key prefix of admin's BullMQ `audit` queue as a producer (auth, blog) must compute it, the way admin
 * computes its own: admin's prefix if the deployment names one (ADMIN_REDIS_KEY_PREFIX), else the stack-wide
 * REDIS_KEY_PREFIX when one is set for every service, else admin's default. Never the producer's own default.
 */
export const adminQueueKeyPrefix = (adminPrefix: string | undefined, stackPrefix: string | undefined): string =>
  adminPrefix ?? stackPrefix ?? ADMIN_DEFAULT_KEY_PREFIX;

// ---------------------------------------------------------------------------------------------------------
// Operators' queue board (bull-board), admin only
// ---------------------------------------------------------------------------------------------------------

/** The board's mount path under the gateway. A browser cannot send a bearer header when it navigates, so
 * POST {QUEUE_BOARD_PATH}/session (bearer, admin) sets a short-lived HttpOnly cookie scoped to this path. */
export const QUEUE_BOARD_PATH = '/api/admin/queues';
export const QUEUE_BOARD_COOKIE = 'paycadence_queue_board';

// ---------------------------------------------------------------------------------------------------------
// Redis transport: admin → auth, admin → waitlist. Replies are `{ok: true, ...}` or a TransportFailure
// (transport.ts).
// ---------------------------------------------------------------------------------------------------------

/** Who asks (the admin from the verified token) and from where, for auth's own checks and the audit log. */
const actorFields = { actorId: z.string().uuid(), actorEmail: z.string().nullable(), ip: z.string().nullable(), userAgent: z.string().nullable() };

export const AUTH_ADMIN_PATTERNS = {
  /** Every account, newest first, as the admin list shows it. */
  listUsers: 'auth.admin.list-users',
  /** An account with the given password and role (docs/product/signed-in.md §5). */
  createUser: 'auth.admin.create-user',
  /** A waitlist approval: an account with no usable password, and an e-mailed single-use set-password link. */
  approveAccount: 'auth.admin.approve-account',
  /** Suspend or activate: refresh refused at once, access tokens refused everywhere within a minute. */
  setUserStatus: 'auth.admin.set-user-status',
} as const;

export const ListUsersMessageSchema = z.object({}).strict();
export const ListUsersReplySchema = reply({ users: z.array(AdminListedUserSchema) });
export type ListUsersReply = z.infer<typeof ListUsersReplySchema>;

export const CreateUserMessageSchema = z.object({ email: z.string(), password: z.string(), role: z.enum(ROLES), ...actorFields }).strict();
export type CreateUserMessage = z.infer<typeof CreateUserMessageSchema>;
export const UserReplySchema = reply({ user: AdminListedUserSchema });
export type UserReply = z.infer<typeof UserReplySchema>;

export const ApproveAccountMessageSchema = z
  .object({ email: z.string(), firstName: z.string().nullable(), lastName: z.string().nullable(), ...actorFields })
  .strict();
export type ApproveAccountMessage = z.infer<typeof ApproveAccountMessageSchema>;

export const SetUserStatusMessageSchema = z.object({ userId: z.string().uuid(), status: z.enum(USER_STATUSES), ...actorFields }).strict();
export type SetUserStatusMessage = z.infer<typeof SetUserStatusMessageSchema>;

export const WAITLIST_ADMIN_PATTERNS = {
  /** Every pending entry, newest first. */
  list: 'waitlist.admin.list',
  /** The pending entry of one address, or null. */
  findByEmail: 'waitlist.admin.find-by-email',
  /** Removes one entry by id (after approval, or the admin's removal). */
  remove: 'waitlist.admin.remove',
} as const;

export const WaitlistListMessageSchema = z.object({}).strict();
export const WaitlistListReplySchema = reply({ entries: z.array(AdminWaitlistEntrySchema) });
export type WaitlistListReply = z.infer<typeof WaitlistListReplySchema>;

export const WaitlistFindByEmailMessageSchema = z.object({ email: z.string() }).strict();
export const WaitlistEntryReplySchema = reply({ entry: AdminWaitlistEntrySchema.nullable() });
export type WaitlistEntryReply = z.infer<typeof WaitlistEntryReplySchema>;

export const WaitlistRemoveMessageSchema = z.object({ id: z.string().uuid() }).strict();
export type WaitlistRemoveMessage = z.infer<typeof WaitlistRemoveMessageSchema>;
/** The answer of `remove`: the entry removed (for the audit log's subject). */
export const WaitlistRemoveReplySchema = reply({ entry: AdminWaitlistEntrySchema });
export type WaitlistRemoveReply = z.infer<typeof WaitlistRemoveReplySchema>;
