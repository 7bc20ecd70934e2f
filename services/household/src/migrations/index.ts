import { CreateHouseholds1795900000000 } from './1795900000000-create-households.js';
import { InvitationOwnerIndexes1796616179332 } from './1796616179332-invitation-owner-indexes.js';

/** Checked-in migrations, in order; run at start-up. */
export const migrations = [CreateHouseholds1795900000000, InvitationOwnerIndexes1796616179332];
