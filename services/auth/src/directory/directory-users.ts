import type { DirectoryUser } from '@paycadence/contracts';
import type { User } from '../users/user.entity.js';

/**
 * The directory facts of one account: never its hash, phone, address or SSN (household shows names only). Whether
 * the address is confirmed travels with it: the services that mail it or act on it ask first.
 */
export function toDirectoryUser(user: Pick<User, 'id' | 'email' | 'firstName' | 'lastName' | 'emailConfirmedAt'>): DirectoryUser {
  return { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName, emailConfirmed: user.emailConfirmedAt != null };
}

/** The distinct ids of a usersByIds message: an id spelt in upper case is the same account. */
export function distinctIds(ids: readonly string[]): string[] {
  return [...new Set(ids.map((id) => id.toLowerCase()))];
}
