import { CreateWaitlistEntries1763769600000 } from './1763769600000-create-waitlist-entries.js';
import { AddAdminListIndexes1796600000000 } from './1796600000000-add-admin-list-indexes.js';

/** Checked-in migrations, in order; run at start-up. */
export const migrations = [CreateWaitlistEntries1763769600000, AddAdminListIndexes1796600000000];
