import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  HOUSEHOLD_MESSAGES,
  memberDisplayName,
  type DirectoryUser,
  type Household as HouseholdView,
  type HouseholdRole,
  type InvitationDetails,
  type PendingInvitation,
} from '@paycadence/contracts';
import { CLOCK, InjectServiceConfig, isRowId, MAIL_SENDER, type AuthenticatedUser, type Clock, type MailSender } from '@paycadence/nest-kit';
import { IsNull, MoreThan, type DataSource, type EntityManager } from 'typeorm';
import type { HouseholdConfig } from '../config.js';
import { AuthDirectoryClient } from '../directory/auth-directory.client.js';
import { HouseholdError } from '../errors.js';
import { HouseholdMember } from '../households/household-member.entity.js';
import { HouseholdsService, NEUTRAL_MEMBER_NAME } from '../households/households.service.js';
import { MembershipVersions } from '../memberships/membership-versions.js';
import { HouseholdInvitation } from './household-invitation.entity.js';
import { InvitationAllowance } from './invitation-allowance.js';
import { invitationMail } from './invitation-mail.js';
import { hashInvitationToken, invitationExpiry, invitationLink, newInvitationToken } from './invitation-token.js';

const UNIQUE_VIOLATION = '23505';
const isUniqueViolation = (error: unknown) =>
  (error as { code?: string }).code === UNIQUE_VIOLATION || (error as { driverError?: { code?: string } }).driverError?.code === UNIQUE_VIOLATION;

export interface InviteAnswer {
  message: string;
  email: string;
  role: string;
  expires_at: string;
}

/**
 * Invitations by e-mail: a single-use token valid INVITATION_TTL_DAYS, stored only as its SHA-256.
 * Only owners and partners invite; an address that is already a member or already invited is refused and
 * nothing is sent twice; accepting needs the signed-in account whose e-mail is the invited one. Both ends must
 * have confirmed their address (auth's directory says): otherwise a throwaway account could mail strangers in
 * bulk, and whoever saw a link could register the invited address and join.
 */
@Injectable()
export class InvitationsService {
  private readonly logger = new Logger('Invitations');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(HouseholdsService) private readonly households: HouseholdsService,
    @Inject(AuthDirectoryClient) private readonly directory: AuthDirectoryClient,
    @Inject(MAIL_SENDER) private readonly mail: MailSender,
    @Inject(CLOCK) private readonly clock: Clock,
    @InjectServiceConfig() private readonly config: HouseholdConfig,
    @Inject(MembershipVersions) private readonly versions: MembershipVersions,
    @Inject(InvitationAllowance) private readonly allowance: InvitationAllowance,
  ) {}

  async invite(inviterId: string, householdId: string, email: string, role: HouseholdRole): Promise<InviteAnswer> {
    const users = await this.assertMayInvite(inviterId, householdId);
    if (isMemberAddress(users, email)) throw new HouseholdError('ALREADY_MEMBER');

    await this.allowance.take(inviterId);
    try {
      return await this.createAndSend(inviterId, householdId, email, role, users);
    } catch (error) {
      // Refused ('already invited') or not sent: that use goes back to the sender.
      await this.allowance.giveBack(inviterId).catch(() => undefined);
      throw error;
    }
  }

  /**
   * The invitations of a household still waiting (not accepted, not expired), newest first, for whoever may invite
   * there. Senders' names are a courtesy: without auth's answer they read as a neutral name rather than failing.
   */
  async pending(userId: string, householdId: string): Promise<PendingInvitation[]> {
    await this.assertMayManageInvitations(userId, householdId);
    const rows = await this.dataSource.getRepository(HouseholdInvitation).find({
      where: { householdId, acceptedAt: IsNull(), expiresAt: MoreThan(this.clock.now()) },
      order: { createdAt: 'DESC', id: 'ASC' },
    });
    if (rows.length === 0) return [];
    const senders = await this.directory.usersByIds([...new Set(rows.map((row) => row.invitedBy))]).catch(() => new Map<string, DirectoryUser>());
    return rows.map((row) => pendingView(row, senders));
  }

  /**
   * Sends a waiting invitation again with a new token and expiry, so the old link stops working. It is an
   * invitation like any other: the same rule as invite (owner or partner, confirmed address) and one use of the
   * sender's daily allowance, given back when it is refused or its e-mail is not sent. The resender becomes its
   * sender: accepting checks that whoever sent it may still invite, and the e-mail names them.
   */
  async resend(userId: string, householdId: string, invitationId: string): Promise<{ message: string; invitation: PendingInvitation }> {
    const users = await this.assertMayInvite(userId, householdId);
    if (!isRowId(invitationId)) throw new HouseholdError('PENDING_INVITATION_NOT_FOUND');
    await this.allowance.take(userId);
    try {
      const invitation = await this.renewAndSend(userId, householdId, invitationId, users);
      return { message: HOUSEHOLD_MESSAGES.invitationResent(invitation.email), invitation: pendingView(invitation, users) };
    } catch (error) {
      await this.allowance.giveBack(userId).catch(() => undefined);
      throw error;
    }
  }

  /** Withdraws a waiting invitation (expired or not): it is deleted, so its link answers 'not valid'. */
  async withdraw(userId: string, householdId: string, invitationId: string): Promise<{ message: string; email: string }> {
    await this.assertMayManageInvitations(userId, householdId);
    if (!isRowId(invitationId)) throw new HouseholdError('PENDING_INVITATION_NOT_FOUND');
    const email = await this.dataSource.transaction(async (manager) => {
      // The household first, as invite and accept take it: an accept of this invitation waits or has won.
      await this.households.lockHousehold(householdId, manager);
      const invitation = await this.waitingInvitation(manager, householdId, invitationId);
      await manager.getRepository(HouseholdInvitation).delete({ id: invitation.id });
      return invitation.email;
    });
    return { message: HOUSEHOLD_MESSAGES.invitationWithdrawnDone(email), email };
  }

  /** A waiting invitation of this household, locked; anything else (used, withdrawn, another household's) is 404. */
  private async waitingInvitation(manager: EntityManager, householdId: string, invitationId: string): Promise<HouseholdInvitation> {
    const invitation = await manager.getRepository(HouseholdInvitation).findOne({
      where: { id: invitationId, householdId, acceptedAt: IsNull() },
      lock: { mode: 'pessimistic_write' },
    });
    if (!invitation) throw new HouseholdError('PENDING_INVITATION_NOT_FOUND');
    return invitation;
  }

  /** Replaces the invitation's token and expiry and e-mails the new link; the old link comes back if the e-mail does not go. */
  private async renewAndSend(
    userId: string,
    householdId: string,
    invitationId: string,
    users: Map<string, DirectoryUser>,
  ): Promise<HouseholdInvitation> {
    const token = newInvitationToken();
    const tokenHash = hashInvitationToken(token);
    const now = this.clock.now();
    const { household, renewed, previous } = await this.dataSource.transaction(async (manager) => {
      const household = await this.households.lockHousehold(householdId, manager);
      const invitation = await this.waitingInvitation(manager, householdId, invitationId);
      if (isMemberAddress(users, invitation.email)) throw new HouseholdError('ALREADY_MEMBER');
      const previous = { tokenHash: invitation.tokenHash, expiresAt: invitation.expiresAt, createdAt: invitation.createdAt, invitedBy: invitation.invitedBy };
      const changes = { tokenHash, expiresAt: invitationExpiry(now), createdAt: now, invitedBy: userId };
      await manager.getRepository(HouseholdInvitation).update({ id: invitation.id }, changes);
      return { household, renewed: Object.assign(invitation, changes), previous };
    });

    const sender = users.get(userId);
    const message = invitationMail({
      to: renewed.email,
      householdName: household.name,
      inviterName: sender ? memberDisplayName(sender) : NEUTRAL_MEMBER_NAME,
      role: renewed.role,
      link: invitationLink(this.config.APP_URL, token),
    });
    try {
      await this.mail.send(message);
    } catch (error) {
      // Not sent: the link the person already has keeps working (unless another resend replaced it meanwhile).
      this.logger.error(`invitation e-mail not sent again: ${error instanceof Error ? error.message : String(error)}`);
      await this.dataSource.getRepository(HouseholdInvitation).update({ id: renewed.id, tokenHash }, previous);
      throw error;
    }
    return renewed;
  }

  /** Who may list, resend and withdraw invitations is who may invite: an owner or partner (a stranger 404, a member 403). */
  private async assertMayManageInvitations(userId: string, householdId: string): Promise<void> {
    const membership = await this.households.membershipOf(userId, householdId);
    if (!this.households.canManage(membership)) throw new HouseholdError('CANNOT_INVITE');
  }

  /**
   * The rule for sending an invitation e-mail (invite and resend): an owner or partner whose own address is
   * confirmed. Answers the members as auth's directory knows them (household keeps ids only).
   */
  private async assertMayInvite(inviterId: string, householdId: string): Promise<Map<string, DirectoryUser>> {
    await this.assertMayManageInvitations(inviterId, householdId);
    const memberIds = (await this.households.rowsOf(householdId)).map((row) => row.userId);
    const users = await this.directory.usersByIds(memberIds);
    if (!users.get(inviterId)?.emailConfirmed) throw new HouseholdError('CONFIRM_EMAIL_TO_INVITE');
    return users;
  }

  /** Stores the invitation (its token's hash) and e-mails the link; the invitation goes again if the e-mail does not. */
  private async createAndSend(
    inviterId: string,
    householdId: string,
    email: string,
    role: HouseholdRole,
    users: Map<string, DirectoryUser>,
  ): Promise<InviteAnswer> {
    const token = newInvitationToken();
    const now = this.clock.now();
    const expiresAt = invitationExpiry(now);
    const { household, invitationId } = await this.dataSource.transaction(async (manager) => {
      const household = await this.households.lockHousehold(householdId, manager);
      const invitations = manager.getRepository(HouseholdInvitation);
      const waiting = await invitations.findOneBy({ householdId, email, acceptedAt: IsNull() });
      if (waiting && waiting.expiresAt > now) throw new HouseholdError('ALREADY_INVITED');
      // An expired invitation that was never accepted is replaced by the new one.
      if (waiting) await invitations.delete({ id: waiting.id });
      try {
        const inserted = await invitations.insert({
          householdId,
          email,
          role,
          tokenHash: hashInvitationToken(token),
          invitedBy: inviterId,
          createdAt: now,
          expiresAt,
          acceptedAt: null,
          acceptedBy: null,
        });
        return { household, invitationId: String(inserted.identifiers[0]!.id) };
      } catch (error) {
        if (isUniqueViolation(error)) throw new HouseholdError('ALREADY_INVITED');
        throw error;
      }
    });

    const inviter = users.get(inviterId);
    const message = invitationMail({
      to: email,
      householdName: household.name,
      inviterName: inviter ? memberDisplayName(inviter) : NEUTRAL_MEMBER_NAME,
      role,
      link: invitationLink(this.config.APP_URL, token),
    });
    try {
      await this.mail.send(message);
    } catch (error) {
      // Not sent: the invitation goes too, so asking again is not refused as 'already invited'.
      this.logger.error(`invitation e-mail not sent: ${error instanceof Error ? error.message : String(error)}`);
      await this.dataSource.getRepository(HouseholdInvitation).delete({ id: invitationId });
      throw error;
    }
    return { message: HOUSEHOLD_MESSAGES.invitationSent(email), email, role, expires_at: expiresAt.toISOString() };
  }

  /** What the invitation page shows before the visitor signs in (the token is the secret). */
  async details(token: string): Promise<InvitationDetails> {
    const invitation = this.usable(await this.byToken(token, this.dataSource.manager));
    const household = await this.households.household(invitation.householdId);
    // The page says so before the visitor signs in, rather than after (accept re-checks under the lock).
    this.assertInviterMayStillInvite(invitation, await this.households.rowsOf(invitation.householdId));
    const inviter = await this.directory
      .usersByIds([invitation.invitedBy])
      .then((users) => users.get(invitation.invitedBy))
      .catch(() => undefined); // the name is a courtesy: the page still works without it
    return {
      household_name: household.name,
      invited_by: inviter ? memberDisplayName(inviter) : NEUTRAL_MEMBER_NAME,
      email: invitation.email,
      role: invitation.role,
      expires_at: invitation.expiresAt.toISOString(),
    };
  }

  /**
   * The signed-in account accepts: its e-mail must be the invited one. Under the household's lock, then the
   * invitation's (the order leave and invite take them in: household, then its invitations), so two accepts of
   * one token cannot both win, and an accept racing the household's deletion answers 404 "not valid", never a
   * failed insert. An invitation whose sender left or may no longer invite is refused (409); an account already
   * a member just uses the invitation up.
   */
  async accept(user: AuthenticatedUser, token: string): Promise<{ household: HouseholdView }> {
    const account = await this.accountOf(user);
    const { answer, memberIds } = await this.dataSource.transaction(async (manager) => {
      const { householdId } = await this.byToken(token, manager);
      const household = await this.households.lockHousehold(householdId, manager).catch((error: unknown) => {
        // Deleted since (its invitations went with it): the link is simply no longer valid.
        throw error instanceof HouseholdError ? new HouseholdError('INVITATION_NOT_FOUND') : error;
      });
      const invitation = this.usable(await this.byToken(token, manager, true));
      if (!account || invitation.email !== account.email.toLowerCase()) throw new HouseholdError('INVITATION_FOR_SOMEONE_ELSE');
      if (!account.emailConfirmed) throw new HouseholdError('CONFIRM_EMAIL_TO_JOIN');
      const rows = await this.households.rowsOf(household.id, manager);
      this.assertInviterMayStillInvite(invitation, rows);
      const existing = rows.find((row) => row.userId === user.id);
      const now = this.clock.now();
      if (!existing) await manager.getRepository(HouseholdMember).insert({ householdId: household.id, userId: user.id, role: invitation.role, joinedAt: now });
      await manager.getRepository(HouseholdInvitation).update({ id: invitation.id }, { acceptedAt: now, acceptedBy: user.id });
      const answer = { household: { id: household.id, name: household.name, my_role: existing?.role ?? invitation.role } };
      return { answer, memberIds: [...rows.map((row) => row.userId), user.id] };
    });
    // The newcomer gains the household, the others a member.
    await this.versions.replace(memberIds);
    return answer;
  }

  /** An invitation speaks for its sender: once they left or became a member, it no longer lets anyone in. */
  private assertInviterMayStillInvite(invitation: HouseholdInvitation, rows: readonly HouseholdMember[]): void {
    const inviter = rows.find((row) => row.userId === invitation.invitedBy);
    if (!inviter || !this.households.canManage(inviter)) throw new HouseholdError('INVITATION_WITHDRAWN');
  }

  private async byToken(token: string, manager: EntityManager, lock = false): Promise<HouseholdInvitation> {
    const invitation = await manager.getRepository(HouseholdInvitation).findOne({
      where: { tokenHash: hashInvitationToken(token) },
      ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
    if (!invitation) throw new HouseholdError('INVITATION_NOT_FOUND');
    return invitation;
  }

  /** Used: 409; expired: 410. */
  private usable(invitation: HouseholdInvitation): HouseholdInvitation {
    if (invitation.acceptedAt) throw new HouseholdError('INVITATION_USED');
    if (invitation.expiresAt <= this.clock.now()) throw new HouseholdError('INVITATION_EXPIRED');
    return invitation;
  }

  /**
   * The account as auth's directory knows it (503 when auth does not answer), never the token's e-mail claim:
   * only the directory knows whether the address was confirmed since the token was issued. An unconfirmed
   * invitee is refused with the invitation left unused, so they confirm and come back to the same link.
   */
  private async accountOf(user: AuthenticatedUser): Promise<DirectoryUser | undefined> {
    return (await this.directory.usersByIds([user.id])).get(user.id);
  }
}

/** Whether the (lower-cased) address is already a member's, as auth's directory knows the members. */
function isMemberAddress(users: Map<string, DirectoryUser>, email: string): boolean {
  return [...users.values()].some((user) => user.email.toLowerCase() === email);
}

/** A waiting invitation as the household page shows it: never its token (only the hash is kept anyway). */
function pendingView(invitation: HouseholdInvitation, users: Map<string, DirectoryUser>): PendingInvitation {
  const sender = users.get(invitation.invitedBy);
  return {
    id: invitation.id,
    email: invitation.email,
    role: invitation.role,
    invited_by: { id: invitation.invitedBy, name: sender ? memberDisplayName(sender) : NEUTRAL_MEMBER_NAME },
    sent_at: invitation.createdAt.toISOString(),
    expires_at: invitation.expiresAt.toISOString(),
  };
}
