import { z } from 'zod';
import { emailField, waitText } from './auth.js';
import { safeString } from './text.js';
import { transportReply } from './transport.js';

// Households (docs/product/signed-in.md §2, §3, §4, §5, §7, §8, §9): the wire shapes of /api/household, the messages
// both sides show, and the Redis-transport messages household sends to auth (names and e-mails of members) and
// answers for finance (whose households a user belongs to, for shared bills and income).

// ---------------------------------------------------------------------------------------------------------
// Messages
// ---------------------------------------------------------------------------------------------------------

export const HOUSEHOLD_MESSAGES = {
  // docs/product/signed-in.md §2
  signInFirst: 'Please log in to manage households.',
  listTitle: 'My Households',
  role: (role: string) => `Role: ${role}`,
  createHousehold: 'Create Household',
  householdName: 'Household Name',
  inviteMember: 'Invite Member',
  noHouseholds: 'No households yet',
  createFirst: 'Create your first household',
  selectHousehold: 'Select a household to view details',
  // docs/product/signed-in.md §4, §8
  invitationSent: (email: string) => `Invitation sent to ${email}`,
  createFailed: 'Failed to create household',
  inviteFailed: 'Failed to invite member',
  acceptFailed: 'Failed to accept invitation',
  listFailed: 'Failed to get households',
  membersFailed: 'Failed to get members',
  leaveFailed: 'Failed to leave household',
  // docs/product/signed-in.md §5
  nameRequired: 'Household name is required',
  // The server's own answers (not in docs/product)
  notFound: 'Household not found',
  cannotInvite: 'Only owners and partners can invite members',
  alreadyMember: 'This person is already a member of the household',
  alreadyInvited: 'An invitation to this e-mail address is already waiting to be accepted',
  invitationNotFound: 'This invitation link is not valid',
  invitationExpired: 'This invitation has expired. Ask for a new one.',
  invitationUsed: 'This invitation has already been used',
  invitationForSomeoneElse: 'This invitation was sent to another e-mail address. Sign in with that address to accept it.',
  lastOwner: 'You are the last owner. Make another member an owner before you leave.',
  onlyOwnersChangeRoles: 'Only owners can change roles',
  memberNotFound: 'This person is not a member of the household',
  lastOwnerRole: 'A household needs at least one owner',
  directoryUnavailable: 'Member details are unavailable right now. Please try again.',
  /** finance: a shared item goes to another household only by whoever added it (unsharing stays open). */
  onlyAdderMovesItem: 'Only the person who added this item can move it to another household',
  /** accept: whoever sent the invitation has left the household or may no longer invite. */
  invitationWithdrawn: 'This invitation is no longer valid: whoever sent it can no longer invite to this household',
  /** invite: the sender's daily allowance (INVITATIONS_PER_DAY) is spent. */
  tooManyInvitations: (seconds: number) =>
    `You have sent ${INVITATIONS_PER_DAY} invitations in the last day. You can send more in ${waitText(seconds)}.`,
  // Pending invitations on the household page (ours, not in docs/product)
  pendingInvitations: 'Pending invitations',
  noPendingInvitations: 'No invitations are waiting to be accepted.',
  invitationsFailed: 'Failed to get invitations',
  resendInvitation: 'Resend',
  withdrawInvitation: 'Withdraw',
  invitationResent: (email: string) => `Invitation sent again to ${email}. The earlier link no longer works.`,
  resendFailed: 'Failed to resend invitation',
  invitationWithdrawnDone: (email: string) => `Invitation to ${email} withdrawn. Its link no longer works.`,
  withdrawFailed: 'Failed to withdraw invitation',
  withdrawConfirm: (email: string) => `Withdraw the invitation to ${email}? The link in their e-mail will stop working.`,
  /** resend or withdraw: not a waiting invitation of this household (used, withdrawn, someone else's). */
  pendingInvitationNotFound: 'This invitation is no longer waiting to be accepted',
} as const;

// ---------------------------------------------------------------------------------------------------------
// Constants (docs/product/signed-in.md §3, §9)
// ---------------------------------------------------------------------------------------------------------

/** Roles: owner and partner may invite (and edit the household's shared items); a member may only view. */
export const HOUSEHOLD_ROLES = ['owner', 'partner', 'member'] as const;
export type HouseholdRole = (typeof HOUSEHOLD_ROLES)[number];
/** The roles an invitation may carry (ownership is handed over inside the household, never by e-mail). */
export const INVITE_ROLES = ['partner', 'member'] as const;
export const DEFAULT_INVITE_ROLE = 'partner' satisfies (typeof INVITE_ROLES)[number];
/** Who may invite members and edit the household's shared bills and income. */
export const canManageHousehold = (role: string | null | undefined): boolean => role === 'owner' || role === 'partner';

/** An invitation's link is valid this long and once. */
export const INVITATION_TTL_DAYS = 7;
/**
 * Invitation e-mails one user may send in 24 hours, whatever the household: each goes to an address they choose
 * with a household name they wrote, so without a cap the product would relay anyone's messages.
 */
export const INVITATIONS_PER_DAY = 20;
export const INVITATIONS_WINDOW_SECONDS = 24 * 3600;
/**
 * The page the invitation e-mail links to: `${INVITATION_PATH}#token=…`. The token is in the fragment, which
 * browsers never send, so no access log records it; the page posts it in a request body.
 */
export const INVITATION_PATH = '/household/accept';
export const HOUSEHOLD_NAME_MAX = 80;

// ---------------------------------------------------------------------------------------------------------
// HTTP wire shapes (docs/product/signed-in.md §7)
// ---------------------------------------------------------------------------------------------------------

/** GET /api/household/my-households entries, and the answer of create and accept. */
export const HouseholdSchema = z.object({ id: z.string().uuid(), name: z.string(), my_role: z.string() });
export type Household = z.infer<typeof HouseholdSchema>;
export const MyHouseholdsResponseSchema = z.object({ households: z.array(HouseholdSchema) });

/** GET /api/household/{id}/members entries: name and e-mail as auth holds them now. */
export const HouseholdMemberSchema = z.object({ id: z.string().uuid(), name: z.string(), email: z.string(), role: z.string() });
export type HouseholdMember = z.infer<typeof HouseholdMemberSchema>;
export const HouseholdMembersResponseSchema = z.object({ members: z.array(HouseholdMemberSchema) });

export const CreateHouseholdRequestSchema = z
  .object({
    name: safeString({ error: HOUSEHOLD_MESSAGES.nameRequired })
      .trim()
      .min(1, HOUSEHOLD_MESSAGES.nameRequired)
      .max(HOUSEHOLD_NAME_MAX, `Household name must be at most ${HOUSEHOLD_NAME_MAX} characters`),
  })
  .strict();
export type CreateHouseholdRequest = z.input<typeof CreateHouseholdRequestSchema>;

/** POST /api/household/{id}/invite: the screen sends only the e-mail, so the role is the default (docs/product/signed-in.md §7). */
export const InviteMemberRequestSchema = z
  .object({
    email: emailField,
    role: z.enum(INVITE_ROLES, { error: 'Role must be partner or member' }).default(DEFAULT_INVITE_ROLE),
  })
  .strict();
export type InviteMemberRequest = z.input<typeof InviteMemberRequestSchema>;
export const InviteMemberResponseSchema = z.object({ message: z.string(), email: z.string(), role: z.string(), expires_at: z.string() });

/** POST /api/household/accept-invitation (signed in; the account's e-mail must be the invited one). */
export const AcceptInvitationRequestSchema = z
  .object({ token: safeString({ error: 'The invitation token is missing' }).trim().min(1, 'The invitation token is missing').max(200) })
  .strict();
export const AcceptInvitationResponseSchema = z.object({ household: HouseholdSchema });

/** POST /api/household/invitation-details (ours, no session): what the invitation page shows before accepting. */
export const InvitationDetailsResponseSchema = z.object({
  household_name: z.string(),
  invited_by: z.string(),
  email: z.string(),
  role: z.string(),
  expires_at: z.string(),
});
export type InvitationDetails = z.infer<typeof InvitationDetailsResponseSchema>;

/**
 * GET /api/household/{id}/invitations (ours; owners and partners): the invitations still waiting (not accepted, not
 * expired), newest first. Never the token: only its hash is kept, and the link is for the invited person alone.
 * `sent_at` is the last time it was e-mailed (a resend sends it again with a new link and a new expiry).
 */
export const PendingInvitationSchema = z.object({
  id: z.string().uuid(),
  email: z.string(),
  role: z.string(),
  invited_by: z.object({ id: z.string().uuid(), name: z.string() }),
  sent_at: z.string(),
  expires_at: z.string(),
});
export type PendingInvitation = z.infer<typeof PendingInvitationSchema>;
export const PendingInvitationsResponseSchema = z.object({ invitations: z.array(PendingInvitationSchema) });
/** POST /api/household/{id}/invitations/{invitationId}/resend: a new link (the old one stops working) and expiry. */
export const ResendInvitationResponseSchema = z.object({ message: z.string(), invitation: PendingInvitationSchema });
/** POST /api/household/{id}/invitations/{invitationId}/withdraw: the link stops working. */
export const WithdrawInvitationResponseSchema = z.object({ message: z.string(), email: z.string() });

/** POST /api/household/{id}/leave: `household_deleted` when the last member (an owner alone) left. */
export const LeaveHouseholdResponseSchema = z.object({ success: z.literal(true), household_deleted: z.boolean() });

/** PUT /api/household/{id}/members/{userId} (ours, owners only): hand ownership over before leaving. */
export const SetMemberRoleRequestSchema = z.object({ role: z.enum(HOUSEHOLD_ROLES, { error: 'Role must be owner, partner or member' }) }).strict();

// ---------------------------------------------------------------------------------------------------------
// Redis transport. Replies are `{ok: true, ...}` or a TransportFailure (transport.ts; a malformed message is
// refused with `transportInvalid`).
// ---------------------------------------------------------------------------------------------------------

/** household → auth: the directory facts household shows (never auth's tables). */
export const AUTH_DIRECTORY_PATTERNS = {
  /** Names and e-mails of these accounts (unknown ids are left out). */
  usersByIds: 'auth.directory.users-by-ids',
} as const;
export const UsersByIdsMessageSchema = z.object({ ids: z.array(z.string().uuid()).max(500) }).strict();
/** `emailConfirmed`: the owner proved the address; nothing is mailed to it or decided by it until then (an older auth that does not say counts as unconfirmed). */
export const DirectoryUserSchema = z.object({
  id: z.string().uuid(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  emailConfirmed: z.boolean().default(false),
});
export type DirectoryUser = z.infer<typeof DirectoryUserSchema>;
export const UsersByIdsReplySchema = transportReply({ users: z.array(DirectoryUserSchema) });
export type UsersByIdsReply = z.infer<typeof UsersByIdsReplySchema>;

/** finance → household: the households a user belongs to, with their members (for shared bills and income). */
export const HOUSEHOLD_PATTERNS = {
  membershipsOf: 'household.memberships-of',
  /** Which of these households still exist (finance's safety net when a `household.deleted` event was lost). */
  existing: 'household.existing',
} as const;
export const ExistingHouseholdsMessageSchema = z.object({ householdIds: z.array(z.string().uuid()).max(500) }).strict();
export const ExistingHouseholdsReplySchema = transportReply({ householdIds: z.array(z.string().uuid()) });
export type ExistingHouseholdsReply = z.infer<typeof ExistingHouseholdsReplySchema>;
/**
 * household → finance (fire and forget, `client.emit` after the commit): a household was deleted (its last
 * member, an owner, left). Finance gives its shared bills and income back to whoever added them.
 */
export const HOUSEHOLD_EVENTS = {
  deleted: 'household.deleted',
  /** These users' households changed (joined, left, removed, role, deleted): what they see shared changed. */
  membershipsChanged: 'household.memberships-changed',
} as const;
export const HouseholdDeletedEventSchema = z.object({ householdId: z.string().uuid() }).strict();
export type HouseholdDeletedEvent = z.infer<typeof HouseholdDeletedEventSchema>;
export const MembershipsChangedEventSchema = z
  .object({ userIds: z.array(z.string().uuid()).min(1).max(1_000) })
  .strict();
export type MembershipsChangedEvent = z.infer<typeof MembershipsChangedEventSchema>;
export const MembershipsOfMessageSchema = z.object({ userId: z.string().uuid() }).strict();
export const MembershipSchema = z.object({
  householdId: z.string().uuid(),
  name: z.string(),
  role: z.enum(HOUSEHOLD_ROLES),
  members: z.array(z.object({ id: z.string().uuid(), name: z.string(), role: z.enum(HOUSEHOLD_ROLES) })),
});
export type Membership = z.infer<typeof MembershipSchema>;
/**
 * The Redis key (written by household only) holding the version of a user's memberships: a random token that
 * household replaces after every committed change of a household the user is in (created, joined, left, role
 * changed, deleted). Finance keeps the memberships it was answered under that token and reuses them while the
 * key still holds it, so a change takes effect on the next request without asking household on every one.
 * Random rather than a counter so that a Redis restart (keys lost, then created anew) never brings back a token
 * that an old answer was kept under.
 */
export const membershipVersionKey = (userId: string): string => `household:membership-version:${userId}`;
/** Unused versions expire; the next question creates one again. */
export const MEMBERSHIP_VERSION_TTL_SECONDS = 7 * 24 * 3600;
export const MembershipsOfReplySchema = transportReply({
  households: z.array(MembershipSchema),
  // The membershipVersionKey token read BEFORE the households were, absent when Redis refused it.
  version: z.string().min(1).max(64).optional(),
});
export type MembershipsOfReply = z.infer<typeof MembershipsOfReplySchema>;

/** A member's display name: first and last name, else the e-mail's local part (docs/product/signed-in.md §2 greeting rule). */
export function memberDisplayName(user: Pick<DirectoryUser, 'email' | 'firstName' | 'lastName'>): string {
  const full = [user.firstName, user.lastName].filter((part) => part && part.trim()).join(' ').trim();
  return full || user.email.split('@')[0] || user.email;
}
