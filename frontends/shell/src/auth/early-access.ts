import type { AuthUser } from '@paycadence/contracts';

/**
 * docs/product/signed-in.md §2: the dashboard shows the coming-soon page unless an early-access flag is on or the role is
 * admin or user. THE one switch: open (true) lets every signed-in user in.
 */
export const EARLY_ACCESS_OPEN = true;

export function hasEarlyAccess(user: Pick<AuthUser, 'role'> | null, open: boolean = EARLY_ACCESS_OPEN): boolean {
  if (open) return true;
  return user?.role === 'admin' || user?.role === 'user';
}
