import type { AccountSubject } from '@paycadence/contracts';
import type { UserOwnedTable } from '@paycadence/nest-kit';

/**
 * Whose data an export or a deletion covers: the account's id, and its address only once the owner confirmed it.
 * Anybody can register an address nobody claimed yet; that must not hand them, or let them erase, what was
 * recorded under it (a waitlist entry, invitations to it, sign-in attempts).
 */
export const accountSubject = (user: { id: string; email: string; emailConfirmedAt: Date | null }): AccountSubject => ({
  userId: user.id,
  email: user.emailConfirmedAt ? user.email : null,
});

/**
 * Every auth table holding a user's rows, children first, the account itself last (the
 * foreign keys cascade anyway). Hashes and sealed secrets are never exported: the export says whether 2FA is on,
 * which sessions and codes exist and when they were used, never anything that could sign anyone in.
 * A new table with a user column must be added here: test/account-data.int-spec.ts fails until it is.
 */
export const AUTH_USER_TABLES: readonly UserOwnedTable[] = [
  { table: 'refresh_tokens', ownerColumns: { user_id: 'id' }, secretColumns: ['token_hash'] },
  { table: 'recovery_tokens', ownerColumns: { user_id: 'id' }, secretColumns: ['token_hash'] },
  { table: 'email_confirmations', ownerColumns: { user_id: 'id' }, secretColumns: ['token_hash'] },
  { table: 'backup_codes', ownerColumns: { user_id: 'id' }, secretColumns: ['code_hash'] },
  { table: 'mfa_factors', ownerColumns: { user_id: 'id' }, secretColumns: ['secret_enc', 'last_used_step'] },
  // Security keys: their names and dates only; the credential id and public key identify the authenticator.
  {
    table: 'security_keys',
    ownerColumns: { user_id: 'id' },
    secretColumns: ['credential_id', 'public_key', 'counter', 'transports', 'device_type', 'backed_up'],
  },
  // The SSN digits stay sealed: the profile screen shows them to their owner; a file on a disk should not.
  { table: 'users', ownerColumns: { id: 'id', email: 'email' }, secretColumns: ['password_hash', 'ssn_last4_enc'] },
];
