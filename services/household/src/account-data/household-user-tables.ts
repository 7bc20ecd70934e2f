import type { UserOwnedTable } from '@paycadence/nest-kit';

/**
 * Every household table holding a user's rows. The households themselves hold no user column:
 * a deleted account's households are handed over or deleted first (AccountErasureService), then these rows go.
 * A new table with a user column must be added here: test/account-data.int-spec.ts fails until it is.
 */
export const HOUSEHOLD_USER_TABLES: readonly UserOwnedTable[] = [
  // Invitations the user sent, accepted, or was sent (by address). The token's hash is a credential.
  { table: 'household_invitations', ownerColumns: { invited_by: 'id', accepted_by: 'id', email: 'email' }, secretColumns: ['token_hash'] },
  { table: 'household_members', ownerColumns: { user_id: 'id' } },
];
