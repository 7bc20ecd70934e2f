import { CreateItems1795614387335 } from './1795614387335-create-items.js';

/** Checked-in migrations, in order; run at start-up. */
export const migrations = [CreateItems1795614387335];
