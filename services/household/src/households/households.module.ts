import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DirectoryModule } from '../directory/directory.module.js';
import { EventsModule } from '../events/events.module.js';
import { MembershipVersionsModule } from '../memberships/membership-versions.module.js';
import { HouseholdMember } from './household-member.entity.js';
import { Household } from './household.entity.js';
import { HouseholdsService } from './households.service.js';

/**
 * Households and their members: creating, listing, leaving, roles, and the row lock changes run under.
 * Exports HouseholdsService: invitations, finance's memberships answer and the /api/household routes use it.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([Household, HouseholdMember]),
    DirectoryModule,
    EventsModule,
    MembershipVersionsModule,
  ],
  providers: [HouseholdsService],
  exports: [HouseholdsService],
})
export class HouseholdsModule {}
