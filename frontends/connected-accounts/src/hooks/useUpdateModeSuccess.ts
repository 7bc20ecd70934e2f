import type { AccountsResponse } from '@payday/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { bankKeys, useReloadImported } from './bank-queries.js';

/**
 * Plaid Link (real keys) finished in update mode for one item: the user signed in at the bank again. This is the
 * one place that tells the server and brings the screen up to date: today it reloads the accounts (the item
 * turns active once Plaid's LOGIN_REPAIRED webhook reached bank-sync), and answers whether the server now shows
 * the item repaired, so the page never claims a sync that has not started.
 */
export function useUpdateModeSuccess(userId: string) {
  const queryClient = useQueryClient();
  const reloadImported = useReloadImported(userId);
  return async function onUpdateModeSuccess(itemId: string): Promise<{ repaired: boolean }> {
    await reloadImported();
    const item = queryClient.getQueryData<AccountsResponse>(bankKeys.accounts(userId))?.items.find((i) => i.id === itemId);
    return { repaired: item !== undefined && item.status !== 'login_required' };
  };
}
