import { z } from 'zod';
import { EMAIL_MAX_LENGTH, cutText, safeString } from './text.js';
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
  // The screen's own question before a suspension (not in docs/product): it signs the person out everywhere
  suspendConfirm: 'Suspend this user? They are signed out at once and cannot sign in until an administrator activates them.',
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
  /** Whether the account has a security key or passkey; admins never see the keys themselves. */
  has_security_key: z.boolean(),
});
export type AdminListedUser = z.infer<typeof AdminListedUserSchema>;

// ---------------------------------------------------------------------------------------------------------
// The two lists (GET /api/admin/users, GET /api/admin/waitlist): searched, sorted and paged on the server, so
// the screens stay fast at a million accounts. Pages are keyset pages: a cursor names the last (or first) row
// shown, and the next page starts right after it through an index, however deep it is (an OFFSET would read
// and throw away every row before the page).
// ---------------------------------------------------------------------------------------------------------

export const ADMIN_LIST_PAGE_SIZE_DEFAULT = 50;
export const ADMIN_LIST_PAGE_SIZE_MAX = 100;
export const ADMIN_SEARCH_MAX_LENGTH = 100;
/** What a list can be sorted by: the creation (or joining) date, or the e-mail address. */
export const ADMIN_LIST_SORTS = ['created', 'email'] as const;
export type AdminListSort = (typeof ADMIN_LIST_SORTS)[number];
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];
const CURSOR_MAX_LENGTH = 600;

export const ADMIN_LIST_MESSAGES = {
  sort: 'sort must be created or email',
  direction: 'direction must be asc or desc',
  limit: `limit must be a whole number from 1 to ${ADMIN_LIST_PAGE_SIZE_MAX}`,
  searchTooLong: `Search text must be at most ${ADMIN_SEARCH_MAX_LENGTH} characters`,
  badCursor: 'This page link is not valid; start again from the first page',
  otherOrder: 'This page link belongs to another sort order; start again from the first page',
  oneCursor: 'Ask for the page after a row or before it, not both',
} as const;

/**
 * Where a page starts: the sort it belongs to and the row's sort key (its e-mail, or its creation instant
 * to the microsecond as PostgreSQL stores it, so rows created within one millisecond keep their order) with
 * its id as the tie-break.
 */
export interface AdminListCursor {
  sort: AdminListSort;
  direction: SortDirection;
  key: string;
  id: string;
}

const CursorTupleSchema = z.tuple([
  z.enum(ADMIN_LIST_SORTS),
  z.enum(SORT_DIRECTIONS),
  safeString().min(1).max(EMAIL_MAX_LENGTH),
  z.string().uuid(),
]);
const cursorInstant = z.string().datetime({ offset: true });
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** The opaque text of a cursor: base64url of its JSON, so it travels in a query string as it is. */
export function encodeListCursor(cursor: AdminListCursor): string {
  const bytes = new TextEncoder().encode(JSON.stringify([cursor.sort, cursor.direction, cursor.key, cursor.id]));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=/g, '');
}

/** The cursor a text names, or null for anything else (never throws: a bad link is the caller's 400). */
export function decodeListCursor(text: string): AdminListCursor | null {
  if (text.length > CURSOR_MAX_LENGTH || !BASE64URL.test(text)) return null;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    const json = new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
    const parsed = CursorTupleSchema.safeParse(JSON.parse(json));
    if (!parsed.success) return null;
    const [sort, direction, key, id] = parsed.data;
    if (sort === 'created' && !cursorInstant.safeParse(key).success) return null;
    return { sort, direction, key, id };
  } catch {
    return null;
  }
}

/**
 * GET /api/admin/users and GET /api/admin/waitlist: `search` keeps the rows whose e-mail address, first name or
 * last name starts with the text, case-insensitive (docs/product/signed-in.md §2's search box); `sort` and
 * `direction` order them (ties broken by id); `limit` rows a page; `after` / `before` is a cursor of the
 * answer (nextCursor / prevCursor). Also the Redis-transport question admin asks auth and waitlist.
 */
export const AdminListQuerySchema = z
  .object({
    search: safeString().trim().max(ADMIN_SEARCH_MAX_LENGTH, ADMIN_LIST_MESSAGES.searchTooLong).optional(),
    sort: z.enum(ADMIN_LIST_SORTS, { error: ADMIN_LIST_MESSAGES.sort }).default('created'),
    direction: z.enum(SORT_DIRECTIONS, { error: ADMIN_LIST_MESSAGES.direction }).default('desc'),
    limit: z.coerce
      .number({ error: ADMIN_LIST_MESSAGES.limit })
      .int(ADMIN_LIST_MESSAGES.limit)
      .min(1, ADMIN_LIST_MESSAGES.limit)
      .max(ADMIN_LIST_PAGE_SIZE_MAX, ADMIN_LIST_MESSAGES.limit)
      .default(ADMIN_LIST_PAGE_SIZE_DEFAULT),
    after: z.string({ error: ADMIN_LIST_MESSAGES.badCursor }).optional(),
    before: z.string({ error: ADMIN_LIST_MESSAGES.badCursor }).optional(),
  })
  .strict()
  .superRefine((query, context) => {
    if (query.after !== undefined && query.before !== undefined) {
      context.addIssue({ code: 'custom', path: ['before'], message: ADMIN_LIST_MESSAGES.oneCursor });
      return;
    }
    for (const field of ['after', 'before'] as const) {
      const text = query[field];
      if (text === undefined) continue;
      const cursor = decodeListCursor(text);
      if (!cursor) context.addIssue({ code: 'custom', path: [field], message: ADMIN_LIST_MESSAGES.badCursor });
      else if (cursor.sort !== query.sort || cursor.direction !== query.direction) {
        context.addIssue({ code: 'custom', path: [field], message: ADMIN_LIST_MESSAGES.otherOrder });
      }
    }
  });
export type AdminListQuery = z.output<typeof AdminListQuerySchema>;
export type AdminListQueryInput = z.input<typeof AdminListQuerySchema>;

const count = z.number().int().min(0);

/**
 * One page of a list: `total` rows match the search (all rows without one), `nextCursor` / `prevCursor` are
 * null on the last / first page. A count the server only estimated (the planner's figure, for a very large
 * table) comes with its `estimated` flag set.
 */
const listPage = {
  total: count,
  totalEstimated: z.boolean(),
  nextCursor: z.string().nullable(),
  prevCursor: z.string().nullable(),
};

/** docs/product/signed-in.md §2's Registered Users and Admin Users counters (`estimated`: the first one). */
export const AdminUserCountersSchema = z.object({ registered: count, admins: count, estimated: z.boolean() });
/** docs/product/signed-in.md §2's Waitlist Users counter. */
export const AdminWaitlistCountersSchema = z.object({ waitlist: count, estimated: z.boolean() });

/** GET /api/admin/users: one page of accounts and the counters. */
export const AdminUsersResponseSchema = z.object({
  users: z.array(AdminListedUserSchema),
  ...listPage,
  counters: AdminUserCountersSchema,
});
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

/** GET /api/admin/waitlist: one page of pending entries and the counter. */
export const AdminWaitlistResponseSchema = z.object({
  users: z.array(AdminWaitlistEntrySchema),
  ...listPage,
  counters: AdminWaitlistCountersSchema,
});
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
  'auth.security-key-added',
  'auth.security-key-removed',
  'auth.security-key-used',
  'auth.security-key-failed',
  'auth.security-key-cloned',
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
  'auth.security-key-added': 'Security key added',
  'auth.security-key-removed': 'Security key removed',
  'auth.security-key-used': 'Signed in with a security key',
  'auth.security-key-failed': 'Security key refused',
  'auth.security-key-cloned': 'Copied security key refused',
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
  /** One page of accounts as the admin list shows it (AdminListQuerySchema), with the counters. */
  listUsers: 'auth.admin.list-users',
  /** An account with the given password and role (docs/product/signed-in.md §5). */
  createUser: 'auth.admin.create-user',
  /** A waitlist approval: an account with no usable password, and an e-mailed single-use set-password link. */
  approveAccount: 'auth.admin.approve-account',
  /** Suspend or activate: refresh refused at once, access tokens refused everywhere within a minute. */
  setUserStatus: 'auth.admin.set-user-status',
} as const;

export const ListUsersMessageSchema = AdminListQuerySchema;
export const ListUsersReplySchema = reply(AdminUsersResponseSchema.shape);
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
  /** One page of pending entries (AdminListQuerySchema), with the counter. */
  list: 'waitlist.admin.list',
  /** The pending entry of one address, or null. */
  findByEmail: 'waitlist.admin.find-by-email',
  /** Removes one entry by id (after approval, or the admin's removal). */
  remove: 'waitlist.admin.remove',
} as const;

export const WaitlistListMessageSchema = AdminListQuerySchema;
export const WaitlistListReplySchema = reply({
  entries: z.array(AdminWaitlistEntrySchema),
  ...listPage,
  counters: AdminWaitlistCountersSchema,
});
export type WaitlistListReply = z.infer<typeof WaitlistListReplySchema>;

export const WaitlistFindByEmailMessageSchema = z.object({ email: z.string() }).strict();
export const WaitlistEntryReplySchema = reply({ entry: AdminWaitlistEntrySchema.nullable() });
export type WaitlistEntryReply = z.infer<typeof WaitlistEntryReplySchema>;

export const WaitlistRemoveMessageSchema = z.object({ id: z.string().uuid() }).strict();
export type WaitlistRemoveMessage = z.infer<typeof WaitlistRemoveMessageSchema>;
/** The answer of `remove`: the entry removed (for the audit log's subject). */
export const WaitlistRemoveReplySchema = reply({ entry: AdminWaitlistEntrySchema });
export type WaitlistRemoveReply = z.infer<typeof WaitlistRemoveReplySchema>;
