import { CreateItems1795610071536 } from './1795610071536-create-items.js';

/** Checked-in migrations, in order; run at start-up. */
export const migrations = [CreateItems1795610071536];
