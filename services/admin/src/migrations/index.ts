import { CreateItems1795603775353 } from './1795603775353-create-items.js';

/** Checked-in migrations, in order; run at start-up. */
export const migrations = [CreateItems1795603775353];
