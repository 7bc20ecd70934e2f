import { BANK_SYNC_ENDPOINTS, FINANCE_ENDPOINTS, type AccountsResponse } from '@paycadence/contracts';
import { ApiError, Button, formatDateTime, useAuth, type ApiClient } from '@paycadence/web-kit';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { MESSAGES, TIMERS } from '../model/messages.js';

const timeFormatter = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

/** Under ['financial'] so a finished Sync Bank Data (which invalidates ['financial']) reads it again. */
export const lastBankSyncQueryKey = (userId: string | undefined) => ['financial', 'bank-last-sync', userId ?? 'anonymous'] as const;

/** The latest completed sync of any of the user's linked banks (bank-sync's items), or null: never synced. */
export function latestSync(items: AccountsResponse['items']): string | null {
  let latest: string | null = null;
  for (const item of items) {
    if (item.last_synced_at && (latest === null || Date.parse(item.last_synced_at) > Date.parse(latest))) latest = item.last_synced_at;
  }
  return latest;
}

/** 'Last updated' as a stamp: the time today, else the day (in the saved date format) and time. */
export function lastUpdatedText(iso: string | null, now = new Date()): string {
  if (!iso) return 'Never';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return 'Never';
  return at.toDateString() === now.toDateString() ? timeFormatter.format(at) : formatDateTime(at);
}

/**
 * docs/product/signed-in.md §2/§4/§8: Sync Bank Data with a 'Last updated' stamp (the real last bank sync); the
 * message clears after 5 seconds.
 */
export function SyncButton({ api }: { api: ApiClient }) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const userId = user?.id;
  const [message, setMessage] = useState<{ tone: 'success' | 'info' | 'error'; text: string } | null>(null);
  const [answered, setAnswered] = useState<string | null | undefined>(undefined);
  const lastSync = useQuery({
    queryKey: lastBankSyncQueryKey(userId),
    queryFn: async ({ signal }) => latestSync((await api.call(BANK_SYNC_ENDPOINTS.accounts, { params: { userId: userId! } }, { signal })).items),
    enabled: Boolean(userId),
    retry: false,
    refetchOnWindowFocus: false,
  });
  const sync = useMutation({
    mutationFn: () => api.call(FINANCE_ENDPOINTS.syncBankData),
    onSuccess: (body) => {
      // 200 `{success: false, message}`: nothing was synced (e.g. no bank connected yet), so the server's
      // words are information, not a success, and there is nothing new to reload.
      if (body?.success === false) {
        setMessage(body.message ? { tone: 'info', text: body.message } : { tone: 'error', text: MESSAGES.syncFailed });
        return;
      }
      // finance's answer carries the last completed sync (optional: an older finance leaves it out).
      setAnswered(body?.lastSyncedAt);
      setMessage({ tone: 'success', text: body?.message || MESSAGES.syncSucceeded });
      void queryClient.invalidateQueries({ queryKey: ['financial'] });
    },
    onError: (error) => {
      // The server answers in words when it cannot sync (e.g. no bank connected yet): show them.
      const serverSaid = error instanceof ApiError && error.status > 0 && error.status < 500 && error.message;
      setMessage(serverSaid ? { tone: 'info', text: error.message } : { tone: 'error', text: MESSAGES.syncFailed });
    },
  });

  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => {
      setMessage(null);
      // The sync runs in the background: read the stamp again once it has had time to finish.
      if (message.tone === 'success') void queryClient.invalidateQueries({ queryKey: lastBankSyncQueryKey(userId) });
    }, TIMERS.syncMessageMs);
    return () => clearTimeout(timer);
  }, [message, queryClient, userId]);

  // The newer of what finance answered and what bank-sync reports.
  const candidates = [answered, lastSync.data].filter((v): v is string => typeof v === 'string');
  const stamp = candidates.sort((a, b) => Date.parse(b) - Date.parse(a))[0] ?? null;
  const known = lastSync.isSuccess || answered !== undefined;

  return (
    <div className="db-sync">
      <div className="db-sync__row">
        <Button variant="secondary" busy={sync.isPending} busyText="Syncing..." onClick={() => sync.mutate()}>
          Sync Bank Data
        </Button>
        <span className="db-muted db-small">
          Last updated: {known ? (stamp ? <time dateTime={stamp}>{lastUpdatedText(stamp)}</time> : 'Never') : '—'}
        </span>
      </div>
      <p className={`db-sync__message ${message ? `db-sync__message--${message.tone}` : ''}`} role="status" aria-live="polite">
        {message?.text}
      </p>
    </div>
  );
}
