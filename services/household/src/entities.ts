import { HouseholdMember } from './households/household-member.entity.js';
import { Household } from './households/household.entity.js';
import { HouseholdInvitation } from './invitations/household-invitation.entity.js';

/** Every table of schema `household`, for the database config (service-definition.ts). */
export const HOUSEHOLD_ENTITIES = [Household, HouseholdMember, HouseholdInvitation];
