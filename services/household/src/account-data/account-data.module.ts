import { Module } from '@nestjs/common';
import { EventsModule } from '../events/events.module.js';
import { MembershipVersionsModule } from '../memberships/membership-versions.module.js';
import { AccountDataMessagesController } from './account-data-messages.controller.js';
import { AccountErasureService } from './account-erasure.service.js';

/**
 * `household.account.export` / `household.account.delete` for auth. A deletion hands households over or
 * deletes them, so it replaces the members' versions and tells finance, as any other change does.
 */
@Module({
  imports: [MembershipVersionsModule, EventsModule],
  controllers: [AccountDataMessagesController],
  providers: [AccountErasureService],
})
export class AccountDataModule {}
