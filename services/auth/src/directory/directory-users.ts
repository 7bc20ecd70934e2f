import { UsersByIdsMessageSchema, type DirectoryUser, type UsersByIdsReply } from '@payday/contracts';
import type { User } from '../users/user.entity.js';

/**
 * The directory facts of one account: never its hash, phone, address or SSN (household shows names only). Whether
 * the address is confirmed travels with it: the services that mail it or act on it ask first.
 */
export function toDirectoryUser(user: Pick<User, 'id' | 'email' | 'firstName' | 'lastName' | 'emailConfirmedAt'>): DirectoryUser {
  return { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName, emailConfirmed: user.emailConfirmedAt != null };
}

/** The distinct ids of a usersByIds message, or null when the message breaks the contract. */
export function requestedIds(payload: unknown): string[] | null {
  const parsed = UsersByIdsMessageSchema.safeParse(payload);
  return parsed.success ? [...new Set(parsed.data.ids.map((id) => id.toLowerCase()))] : null;
}

export const INVALID_DIRECTORY_REQUEST: UsersByIdsReply = { ok: false, message: 'ids must be a list of at most 500 account ids' };
