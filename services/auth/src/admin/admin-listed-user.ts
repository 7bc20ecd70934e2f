import type { AdminListedUser } from '@payday/contracts';
import type { User } from '../users/user.entity.js';

/** spec part 2 §3 "Admin-listed user": both spellings of the creation date; name "First Last" or null. */
export function toAdminListedUser(user: User): AdminListedUser {
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
  };
}
