import { BANK_SYNC_ENDPOINTS, type TransactionType } from '@paycadence/contracts';
import { useApi } from '@paycadence/web-kit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { TIMERS, TRANSACTIONS_PAGE_SIZE } from '../model/messages.js';

// The reads of the screen, one React Query key each under ['bank', ...], so 'reload the data' is one
// invalidation and never a page reload. Every call goes through web-kit's one API client (bearer, refresh).

export const bankKeys = {
  all: ['bank'] as const,
  accounts: (userId: string) => ['bank', 'accounts', userId] as const,
  transactions: (userId: string, days: number | null, type: TransactionType | null) => ['bank', 'transactions', userId, days, type] as const,
  transactionsAll: (userId: string) => ['bank', 'transactions', userId] as const,
  analytics: (userId: string) => ['bank', 'analytics', userId] as const,
  suggestions: (userId: string) => ['bank', 'suggestions', userId] as const,
  /** The signed-in person's statement imports (the endpoint takes no user id: the session says whose). */
  statementImports: ['bank', 'statement-imports'] as const,
};

const common = { retry: false, refetchOnWindowFocus: false } as const;

export function useAccounts(userId: string) {
  const api = useApi();
  return useQuery({
    ...common,
    queryKey: bankKeys.accounts(userId),
    queryFn: ({ signal }) => api.call(BANK_SYNC_ENDPOINTS.accounts, { params: { userId } }, { signal }),
  });
}

export function useTransactions(userId: string, days: number | null, type: TransactionType | null) {
  const api = useApi();
  return useQuery({
    ...common,
    queryKey: bankKeys.transactions(userId, days, type),
    queryFn: ({ signal }) =>
      api.call(
        BANK_SYNC_ENDPOINTS.transactions,
        { params: { userId }, query: { limit: TRANSACTIONS_PAGE_SIZE, offset: 0, type: type ?? undefined, days: days ?? undefined } },
        { signal },
      ),
    // docs/product/signed-in.md §9: the list refreshes itself every 30 seconds.
    refetchInterval: TIMERS.transactionsRefreshMs,
    // A wider window keeps the rows shown while it loads.
    placeholderData: (previous) => previous,
  });
}

export function useAnalytics(userId: string) {
  const api = useApi();
  return useQuery({
    ...common,
    queryKey: bankKeys.analytics(userId),
    queryFn: ({ signal }) => api.call(BANK_SYNC_ENDPOINTS.analytics, { params: { userId } }, { signal }),
  });
}

export function useBankSuggestions(userId: string) {
  const api = useApi();
  return useQuery({
    ...common,
    queryKey: bankKeys.suggestions(userId),
    queryFn: ({ signal }) => api.call(BANK_SYNC_ENDPOINTS.suggestions, { params: { userId } }, { signal }),
  });
}

/** Reloads what an import changes: accounts (balances, sync state) and transactions. */
export function useReloadImported(userId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: bankKeys.accounts(userId) }),
      queryClient.invalidateQueries({ queryKey: bankKeys.transactionsAll(userId) }),
    ]).then(() => undefined);
}

/** Reloads everything the screen shows (after generating data, after accepting a suggestion). */
export function useReloadAll() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: bankKeys.all });
}
