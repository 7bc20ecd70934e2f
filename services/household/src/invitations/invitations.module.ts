import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DirectoryModule } from '../directory/directory.module.js';
import { HouseholdsModule } from '../households/households.module.js';
import { MembershipVersionsModule } from '../memberships/membership-versions.module.js';
import { HouseholdInvitation } from './household-invitation.entity.js';
import { InvitationAllowance } from './invitation-allowance.js';
import { InvitationsService } from './invitations.service.js';

/** Invitations by e-mail: sending (within the sender's daily allowance), the details page and accepting. */
@Module({
  imports: [
    TypeOrmModule.forFeature([HouseholdInvitation]),
    HouseholdsModule,
    DirectoryModule,
    MembershipVersionsModule,
  ],
  providers: [InvitationsService, InvitationAllowance],
  exports: [InvitationsService],
})
export class InvitationsModule {}
