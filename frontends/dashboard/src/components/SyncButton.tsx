import { FINANCE_ENDPOINTS } from '@payday/contracts';
import { ApiError, Button, type ApiClient } from '@payday/web-kit';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { MESSAGES, TIMERS } from '../model/messages.js';

const timeFormatter = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

/** spec part 2 §2/§4/§8: Sync Bank Data with a 'Last updated' stamp; the message clears after 5 seconds. */
export function SyncButton({ api, updatedAt }: { api: ApiClient; updatedAt: number }) {
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<{ tone: 'success' | 'info' | 'error'; text: string } | null>(null);
  const sync = useMutation({
    mutationFn: () => api.call(FINANCE_ENDPOINTS.syncBankData),
    onSuccess: (body) => {
      // 200 `{success: false, message}`: nothing was synced (e.g. no bank connected yet), so the server's
      // words are information, not a success, and there is nothing new to reload.
      if (body?.success === false) {
        setMessage(body.message ? { tone: 'info', text: body.message } : { tone: 'error', text: MESSAGES.syncFailed });
        return;
      }
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
    const timer = setTimeout(() => setMessage(null), TIMERS.syncMessageMs);
    return () => clearTimeout(timer);
  }, [message]);

  return (
    <div className="db-sync">
      <div className="db-sync__row">
        <Button variant="secondary" busy={sync.isPending} busyText="Syncing..." onClick={() => sync.mutate()}>
          Sync Bank Data
        </Button>
        <span className="db-muted db-small">Last updated: {updatedAt ? timeFormatter.format(new Date(updatedAt)) : 'Never'}</span>
      </div>
      <p className={`db-sync__message ${message ? `db-sync__message--${message.tone}` : ''}`} role="status" aria-live="polite">
        {message?.text}
      </p>
    </div>
  );
}
