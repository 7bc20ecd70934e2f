import { CreateWaitlistEntries1763769600000 } from './1763769600000-create-waitlist-entries.js';

/** Checked-in migrations, in order; run at start-up. */
export const migrations = [CreateWaitlistEntries1763769600000];
