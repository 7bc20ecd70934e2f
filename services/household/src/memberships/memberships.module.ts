import { Module } from '@nestjs/common';
import { HouseholdsModule } from '../households/households.module.js';
import { MembershipsMessagesController } from './memberships-messages.controller.js';
import { MembershipVersionsModule } from './membership-versions.module.js';

/**
 * Finance's questions over the Redis transport (HOUSEHOLD_PATTERNS): a user's households with their members,
 * and which households still exist.
 */
@Module({
  imports: [HouseholdsModule, MembershipVersionsModule],
  controllers: [MembershipsMessagesController],
})
export class MembershipsModule {}
