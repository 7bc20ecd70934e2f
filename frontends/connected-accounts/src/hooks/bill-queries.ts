import { FINANCE_ENDPOINTS } from '@paycadence/contracts';
import { useApi } from '@paycadence/web-kit';
import { useQuery } from '@tanstack/react-query';

/**
 * Under the shell's ['financial'] root, the one the dashboard reloads after a bill changes, so a bill tied here
 * shows its new payee there too, and a change there reaches this list.
 */
export const billKeys = {
  all: ['financial'] as const,
  list: (userId: string) => ['financial', 'bills', userId] as const,
};

/** The person's bills, asked for only once they open the 'Tie to a bill' form. */
export function useBills(userId: string, enabled: boolean) {
  const api = useApi();
  return useQuery({
    retry: false,
    refetchOnWindowFocus: false,
    queryKey: billKeys.list(userId),
    queryFn: ({ signal }) => api.call(FINANCE_ENDPOINTS.listBills, {}, { signal }),
    enabled,
  });
}
