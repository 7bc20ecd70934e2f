import type { UserOwnedTable } from '@paycadence/nest-kit';

/**
 * Every bank-sync table holding a user's rows, in deletion order (children first, though
 * the foreign keys cascade anyway). A new table with a user column must be added here:
 * test/account-data.int-spec.ts fails until it is.
 */
export const BANK_SYNC_USER_TABLES: readonly UserOwnedTable[] = [
  { table: 'recurring_streams', ownerColumns: { user_id: 'id' } },
  { table: 'bank_transactions', ownerColumns: { user_id: 'id' } },
  { table: 'statement_imports', ownerColumns: { user_id: 'id' } },
  // A file waiting for its import (an hour at most): its name and time are exported, its bytes are the file itself.
  { table: 'statement_uploads', ownerColumns: { user_id: 'id' }, secretColumns: ['content'] },
  { table: 'bank_accounts', ownerColumns: { user_id: 'id' } },
  // The sealed Plaid access token and the sync cursor are credentials and plumbing, not the user's data.
  { table: 'plaid_items', ownerColumns: { user_id: 'id' }, secretColumns: ['access_token_sealed', 'cursor'] },
];
