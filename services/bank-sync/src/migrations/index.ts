import { CreateBankTables1795595262425 } from './1795595262425-create-bank-tables.js';
import { CreateRecurringStreams1795595262500 } from './1795595262500-create-recurring-streams.js';
import { AddNextSyncAt1796613876221 } from './1796613876221-add-next-sync-at.js';
import { TransactionsListIndex1796613924326 } from './1796613924326-transactions-list-index.js';
import { StatementFiles1796900000000 } from './1796900000000-statement-files.js';

/** Checked-in migrations, in order; run at start-up. */
export const migrations = [CreateBankTables1795595262425, CreateRecurringStreams1795595262500, AddNextSyncAt1796613876221, TransactionsListIndex1796613924326, StatementFiles1796900000000];
