import { Global, Module } from '@nestjs/common';
import { HouseholdAccess } from './household-access.js';
import { HouseholdClient } from './household.client.js';

/** Membership answers from household (issue 11), for bills, income and the dashboard. */
@Global()
@Module({ providers: [HouseholdClient, HouseholdAccess], exports: [HouseholdAccess] })
export class HouseholdsModule {}
