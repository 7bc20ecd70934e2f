import type { AdminListedUser } from '@paycadence/contracts';
import type { User } from '../users/user.entity.js';

/** The columns the admin list reads (never the password hash or the sealed SSN). */
export const ADMIN_LISTED_COLUMNS = ['id', 'email', 'firstName', 'lastName', 'role', 'status', 'createdAt', 'lastSignInAt'] as const satisfies readonly (keyof User)[];
export type AdminListedColumns = Pick<User, (typeof ADMIN_LISTED_COLUMNS)[number]>;

/**
 * docs/product/signed-in.md §3 "Admin-listed user": both spellings of the creation date; name "First Last" or null;
 * whether the account has a security key (never the keys).
 */
export function toAdminListedUser(user: AdminListedColumns, hasSecurityKey: boolean): AdminListedUser {
  const createdAt = new Date(user.createdAt).toISOString();
  const name = [user.firstName, user.lastName].filter((part) => part?.trim()).join(' ');
  return {
    id: user.id,
    email: user.email,
    name: name || null,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    status: user.status ?? 'active',
    createdAt,
    created_at: createdAt,
    last_sign_in_at: user.lastSignInAt ? new Date(user.lastSignInAt).toISOString() : null,
    has_security_key: hasSecurityKey,
  };
}
