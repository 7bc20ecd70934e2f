import type { AuthenticatedUser } from '@paycadence/nest-kit';
import { BankSyncError } from '../errors.js';

/**
 * docs/architecture.md: where docs/product puts `{userId}` in a path (or `user_id` / `userId` in a body), it must be the
 * signed-in user's own id: 403 otherwise. Every query then uses `user.id`, never the path's value.
 */
export function assertOwnUserId(user: AuthenticatedUser, userId: string | undefined): void {
  if (userId !== user.id) throw new BankSyncError('NOT_YOUR_DATA');
}
