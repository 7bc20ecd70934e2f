import { CreateHouseholds1795900000000 } from './1795900000000-create-households.js';

/** Checked-in migrations, in order; run at start-up. */
export const migrations = [CreateHouseholds1795900000000];
