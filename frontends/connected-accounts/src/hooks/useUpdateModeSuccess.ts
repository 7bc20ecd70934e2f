import { BANK_SYNC_ENDPOINTS, type AccountsResponse } from '@paycadence/contracts';
import { useApi } from '@paycadence/web-kit';
import { useQueryClient } from '@tanstack/react-query';
import { bankKeys, useReloadImported } from './bank-queries.js';

/**
 * Plaid Link (real keys) finished in update mode for one item: the user signed in at the bank again. Tells the
 * server (POST /repaired/{itemId}: the item is active again and its sync queued), then reloads the accounts.
 * Answers whether the bank is repaired, so the page never claims a sync that has not started: if the call
 * failed, only when the reloaded accounts show it active (Plaid's LOGIN_REPAIRED webhook does the same).
 */
export function useUpdateModeSuccess(userId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  const reloadImported = useReloadImported(userId);
  return async function onUpdateModeSuccess(itemId: string): Promise<{ repaired: boolean }> {
    const told = await api.call(BANK_SYNC_ENDPOINTS.repaired, { params: { itemId } }).then(
      () => true,
      () => false,
    );
    await reloadImported();
    if (told) return { repaired: true };
    const item = queryClient.getQueryData<AccountsResponse>(bankKeys.accounts(userId))?.items.find((i) => i.id === itemId);
    return { repaired: item !== undefined && item.status !== 'login_required' };
  };
}
