import {
  ADMIN_ENDPOINTS,
  type AdminListQuery,
  type AdminUsersResponse,
  type AdminWaitlistResponse,
  type AuditPage,
  type AuditQuery,
} from '@paycadence/contracts';
import { useApi } from '@paycadence/web-kit';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';

// The admin screens' server state: one React Query key each under ['admin', ...], so 'reload the lists' after
// an action is one invalidation. Every call goes through web-kit's one API client (bearer token, refresh).

/** A create-user payload as CreateUserRequestSchema outputs it (e-mail trimmed and lower-cased, role set). */
export interface NewUser {
  email: string;
  password: string;
  role: 'user' | 'admin';
}

export const adminKeys = {
  all: ['admin'] as const,
  lists: ['admin', 'lists'] as const,
  users: (query: AdminListQuery) => ['admin', 'lists', 'users', query] as const,
  waitlist: (query: AdminListQuery) => ['admin', 'lists', 'waitlist', query] as const,
  logs: (query: AuditQuery) => ['admin', 'logs', query] as const,
};

const common = { retry: false, refetchOnWindowFocus: false, staleTime: 0 } as const;

const emptyPage = { users: [], total: 0, totalEstimated: false, nextCursor: null, prevCursor: null };

/** docs/product/signed-in.md §7: "Admin list fetches fall back to empty lists on failure" (and §8: silently). */
async function orEmpty<T>(load: () => Promise<T>, empty: T): Promise<T> {
  try {
    return await load();
  } catch {
    return empty;
  }
}

/** One page of accounts as the server searched, sorted and paged it; the page on screen stays while the next loads. */
export function useRegisteredUsers(query: AdminListQuery) {
  const api = useApi();
  return useQuery<AdminUsersResponse>({
    ...common,
    queryKey: adminKeys.users(query),
    queryFn: ({ signal }) =>
      orEmpty(() => api.call(ADMIN_ENDPOINTS.users, { query }, { signal }), { ...emptyPage, counters: { registered: 0, admins: 0, estimated: false } }),
    placeholderData: keepPreviousData,
  });
}

/** One page of waitlist entries, the same way. */
export function useWaitlistEntries(query: AdminListQuery) {
  const api = useApi();
  return useQuery<AdminWaitlistResponse>({
    ...common,
    queryKey: adminKeys.waitlist(query),
    queryFn: ({ signal }) => orEmpty(() => api.call(ADMIN_ENDPOINTS.waitlist, { query }, { signal }), { ...emptyPage, counters: { waitlist: 0, estimated: false } }),
    placeholderData: keepPreviousData,
  });
}

/** Reloads both lists (docs/product/signed-in.md §4: after each action; the Refresh Data button). */
/**
 * Asks both lists again after an action. A list fetch already on its way (a search typed while the action ran) may
 * have read the rows before the change, and React Query would hand that answer to the refetch of a list it has no
 * rows for yet: it is cancelled first, so what shows is read after the change.
 */
export async function reloadLists(queryClient: QueryClient): Promise<void> {
  await queryClient.cancelQueries({ queryKey: adminKeys.lists });
  await queryClient.invalidateQueries({ queryKey: adminKeys.lists });
}

export function useReloadLists() {
  const queryClient = useQueryClient();
  return () => reloadLists(queryClient);
}

/** The four actions of the panel; each answers the server's `{message}` (docs/product/signed-in.md §7). */
export function useAdminActions() {
  const api = useApi();
  return {
    createUser: useMutation({ mutationFn: (body: NewUser) => api.call(ADMIN_ENDPOINTS.createUser, { body }) }),
    approve: useMutation({ mutationFn: (email: string) => api.call(ADMIN_ENDPOINTS.approveUser, { body: { email } }) }),
    remove: useMutation({ mutationFn: (id: string) => api.call(ADMIN_ENDPOINTS.removeFromWaitlist, { params: { id } }) }),
    setStatus: useMutation({
      mutationFn: (request: { userId: string; status: 'active' | 'suspended' }) => api.call(ADMIN_ENDPOINTS.toggleUserStatus, { body: request }),
    }),
  };
}

/** One page of the audit log, newest first; the page on screen stays while the next one loads. */
export function useAuditLog(query: AuditQuery) {
  const api = useApi();
  return useQuery<AuditPage>({
    ...common,
    queryKey: adminKeys.logs(query),
    queryFn: ({ signal }) => api.call(ADMIN_ENDPOINTS.logs, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}
