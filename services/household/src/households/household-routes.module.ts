import { Module } from '@nestjs/common';
import { InvitationsModule } from '../invitations/invitations.module.js';
import { HouseholdController } from './household.controller.js';
import { HouseholdsModule } from './households.module.js';

/**
 * /api/household (HOUSEHOLD_ENDPOINTS): one controller serves households and their invitations alike. It sits
 * above both modules because invitations themselves need the households (their lock, their members).
 */
@Module({
  imports: [HouseholdsModule, InvitationsModule],
  controllers: [HouseholdController],
})
export class HouseholdRoutesModule {}
