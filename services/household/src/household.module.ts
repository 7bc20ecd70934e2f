import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountDataMessagesController } from './account-data/account-data-messages.controller.js';
import { AccountErasureService } from './account-data/account-erasure.service.js';
import { AuthDirectoryClient } from './directory/auth-directory.client.js';
import { HouseholdEventsPublisher } from './events/household-events.publisher.js';
import { HouseholdMember } from './households/household-member.entity.js';
import { HouseholdController } from './households/household.controller.js';
import { Household } from './households/household.entity.js';
import { HouseholdsService } from './households/households.service.js';
import { HouseholdInvitation } from './invitations/household-invitation.entity.js';
import { InvitationAllowance } from './invitations/invitation-allowance.js';
import { InvitationsService } from './invitations/invitations.service.js';
import { MembershipVersions } from './memberships/membership-versions.js';
import { MembershipsMessagesController } from './memberships/memberships-messages.controller.js';

export const HOUSEHOLD_ENTITIES = [Household, HouseholdMember, HouseholdInvitation];

/** Households, members and invitations (HTTP), and finance's membership question (Redis transport). */
@Module({
  imports: [TypeOrmModule.forFeature(HOUSEHOLD_ENTITIES)],
  controllers: [HouseholdController, MembershipsMessagesController, AccountDataMessagesController],
  providers: [AccountErasureService, AuthDirectoryClient, HouseholdEventsPublisher, HouseholdsService, InvitationAllowance, InvitationsService, MembershipVersions],
})
export class HouseholdModule {}
