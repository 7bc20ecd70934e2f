import { EMAIL_CONFIRMATION_MESSAGES, HOUSEHOLD_MESSAGES, INVITATIONS_WINDOW_SECONDS } from '@paycadence/contracts';
import { domainErrorClass, type DomainErrorCatalog } from '@paycadence/nest-kit';

/** Household error codes, their HTTP status and message (docs/conventions.md §5); the shared filter answers. */
export const HOUSEHOLD_ERRORS = {
  /** Also a household the caller is not a member of: never 403, which would tell it exists. */
  NOT_FOUND: { status: 404, message: HOUSEHOLD_MESSAGES.notFound },
  CANNOT_INVITE: { status: 403, message: HOUSEHOLD_MESSAGES.cannotInvite },
  ALREADY_MEMBER: { status: 409, message: HOUSEHOLD_MESSAGES.alreadyMember },
  ALREADY_INVITED: { status: 409, message: HOUSEHOLD_MESSAGES.alreadyInvited },
  INVITATION_NOT_FOUND: { status: 404, message: HOUSEHOLD_MESSAGES.invitationNotFound },
  INVITATION_USED: { status: 409, message: HOUSEHOLD_MESSAGES.invitationUsed },
  INVITATION_EXPIRED: { status: 410, message: HOUSEHOLD_MESSAGES.invitationExpired },
  /** Whoever sent it left the household or is no longer an owner or partner. */
  INVITATION_WITHDRAWN: { status: 409, message: HOUSEHOLD_MESSAGES.invitationWithdrawn },
  /** Resend or withdraw of an invitation that is not one of this household's waiting ones (never says whose it is). */
  PENDING_INVITATION_NOT_FOUND: { status: 404, message: HOUSEHOLD_MESSAGES.pendingInvitationNotFound },
  INVITATION_FOR_SOMEONE_ELSE: { status: 403, message: HOUSEHOLD_MESSAGES.invitationForSomeoneElse },
  /** Invitations are e-mail: neither sent by nor accepted with an address its owner has not proved. */
  CONFIRM_EMAIL_TO_INVITE: { status: 403, message: EMAIL_CONFIRMATION_MESSAGES.requiredToInvite },
  CONFIRM_EMAIL_TO_JOIN: { status: 403, message: EMAIL_CONFIRMATION_MESSAGES.requiredToJoin },
  LAST_OWNER: { status: 409, message: HOUSEHOLD_MESSAGES.lastOwner },
  ONLY_OWNERS_CHANGE_ROLES: { status: 403, message: HOUSEHOLD_MESSAGES.onlyOwnersChangeRoles },
  MEMBER_NOT_FOUND: { status: 404, message: HOUSEHOLD_MESSAGES.memberNotFound },
  LAST_OWNER_ROLE: { status: 409, message: HOUSEHOLD_MESSAGES.lastOwnerRole },
  DIRECTORY_UNAVAILABLE: { status: 503, message: HOUSEHOLD_MESSAGES.directoryUnavailable },
  /** The sender's daily allowance is spent; InvitationAllowance's error names the wait. */
  TOO_MANY_INVITATIONS: { status: 429, message: HOUSEHOLD_MESSAGES.tooManyInvitations(INVITATIONS_WINDOW_SECONDS) },
} as const satisfies DomainErrorCatalog;
export type HouseholdErrorCode = keyof typeof HOUSEHOLD_ERRORS;

export class HouseholdError extends domainErrorClass(HOUSEHOLD_ERRORS) {}
