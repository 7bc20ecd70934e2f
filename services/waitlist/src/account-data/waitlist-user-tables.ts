import type { UserOwnedTable } from '@paycadence/nest-kit';

/**
 * The waitlist knows people by address only: the entry made with the account's e-mail is the
 * user's. A new table with a user column must be added here: test/account-data.int-spec.ts fails until it is.
 */
export const WAITLIST_USER_TABLES: readonly UserOwnedTable[] = [{ table: 'waitlist_entries', ownerColumns: { email: 'email' } }];
