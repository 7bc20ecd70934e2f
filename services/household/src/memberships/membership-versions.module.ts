import { Module } from '@nestjs/common';
import { EventsModule } from '../events/events.module.js';
import { MembershipVersions } from './membership-versions.js';

/**
 * The membership versions in Redis that finance keeps its answers under. A module of its own because every
 * change of a membership replaces them (households, invitations, account deletion) while the memberships
 * answer reads them, and that answer in turn needs the households.
 */
@Module({
  imports: [EventsModule],
  providers: [MembershipVersions],
  exports: [MembershipVersions],
})
export class MembershipVersionsModule {}
