import { Controller, Get, HttpCode, Inject, Param, Post, Put, UseGuards } from '@nestjs/common';
import {
  AcceptInvitationRequestSchema,
  CreateHouseholdRequestSchema,
  InviteMemberRequestSchema,
  SetMemberRoleRequestSchema,
  type Household,
  type HouseholdRole,
  type InvitationDetails,
  type PendingInvitation,
} from '@paycadence/contracts';
import { AuthGuard, CurrentUser, ZodBody, type AuthenticatedUser } from '@paycadence/nest-kit';
import { InvitationsService, type InviteAnswer } from '../invitations/invitations.service.js';
import { HouseholdsService } from './households.service.js';

interface HouseholdMemberList {
  members: Array<{ id: string; name: string; email: string; role: string }>;
}

/**
 * /api/household (HOUSEHOLD_ENDPOINTS; gateway/kong.yml routes it here). Bearer required on every route but
 * invitation-details, which the invitation page calls before the visitor signs in (the token is the secret).
 */
@Controller('api/household')
export class HouseholdController {
  constructor(
    @Inject(HouseholdsService) private readonly households: HouseholdsService,
    @Inject(InvitationsService) private readonly invitations: InvitationsService,
  ) {}

  @Post('create')
  @UseGuards(AuthGuard)
  create(@CurrentUser() user: AuthenticatedUser, @ZodBody(CreateHouseholdRequestSchema) body: { name: string }): Promise<Household> {
    return this.households.create(user.id, body.name);
  }

  @Get('my-households')
  @UseGuards(AuthGuard)
  async myHouseholds(@CurrentUser() user: AuthenticatedUser): Promise<{ households: Household[] }> {
    return { households: await this.households.myHouseholds(user.id) };
  }

  @Get(':id/members')
  @UseGuards(AuthGuard)
  async members(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string): Promise<HouseholdMemberList> {
    return { members: await this.households.members(user.id, id) };
  }

  @Post(':id/invite')
  @UseGuards(AuthGuard)
  invite(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
    @ZodBody(InviteMemberRequestSchema) body: { email: string; role: HouseholdRole },
  ): Promise<InviteAnswer> {
    return this.invitations.invite(user.id, id, body.email, body.role);
  }

  @Post('accept-invitation')
  @HttpCode(200)
  @UseGuards(AuthGuard)
  accept(@CurrentUser() user: AuthenticatedUser, @ZodBody(AcceptInvitationRequestSchema) body: { token: string }): Promise<{ household: Household }> {
    return this.invitations.accept(user, body.token);
  }

  @Post('invitation-details')
  @HttpCode(200)
  details(@ZodBody(AcceptInvitationRequestSchema) body: { token: string }): Promise<InvitationDetails> {
    return this.invitations.details(body.token);
  }

  /** Owners and partners (the invite rule): the invitations still waiting, never their tokens. */
  @Get(':id/invitations')
  @UseGuards(AuthGuard)
  async pendingInvitations(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string): Promise<{ invitations: PendingInvitation[] }> {
    return { invitations: await this.invitations.pending(user.id, id) };
  }

  /** A new link and expiry (the old link stops working), counted against the sender's daily allowance like invite. */
  @Post(':id/invitations/:invitationId/resend')
  @HttpCode(200)
  @UseGuards(AuthGuard)
  resendInvitation(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
    @Param('invitationId') invitationId: string,
  ): Promise<{ message: string; invitation: PendingInvitation }> {
    return this.invitations.resend(user.id, id, invitationId);
  }

  @Post(':id/invitations/:invitationId/withdraw')
  @HttpCode(200)
  @UseGuards(AuthGuard)
  withdrawInvitation(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
    @Param('invitationId') invitationId: string,
  ): Promise<{ message: string; email: string }> {
    return this.invitations.withdraw(user.id, id, invitationId);
  }

  @Post(':id/leave')
  @HttpCode(200)
  @UseGuards(AuthGuard)
  leave(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string): Promise<{ success: true; household_deleted: boolean }> {
    return this.households.leave(user.id, id);
  }

  @Put(':id/members/:userId')
  @UseGuards(AuthGuard)
  async setRole(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
    @Param('userId') userId: string,
    @ZodBody(SetMemberRoleRequestSchema) body: { role: HouseholdRole },
  ): Promise<HouseholdMemberList> {
    return { members: await this.households.setRole(user.id, id, userId, body.role) };
  }
}
