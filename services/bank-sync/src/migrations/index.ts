import { CreateBankTables1795595262425 } from './1795595262425-create-bank-tables.js';
import { CreateRecurringStreams1795595262500 } from './1795595262500-create-recurring-streams.js';

/** Checked-in migrations, in order; run at start-up. */
export const migrations = [CreateBankTables1795595262425, CreateRecurringStreams1795595262500];
