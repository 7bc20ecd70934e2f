import { CreateAuthTables1763942400000 } from './1763942400000-create-auth-tables.js';

/** Checked-in migrations, in order; run at start-up. */
export const migrations = [CreateAuthTables1763942400000];
