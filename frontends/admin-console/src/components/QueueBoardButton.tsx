import { ADMIN_ENDPOINTS, QUEUE_BOARD_PATH } from '@paycadence/contracts';
import { Button, useApi } from '@paycadence/web-kit';
import { useCallback, useState } from 'react';
import type { ActionMessage } from '../model/messages.js';

export const QUEUE_BOARD_FAILED = 'Could not open the job queues. Please try again.';

/**
 * Operators' BullMQ board in a new tab. A navigation cannot carry the bearer token, so the page first asks
 * for the board's short-lived cookie (POST queueBoardSession), then opens QUEUE_BOARD_PATH. The tab is opened
 * at the click itself (popup blockers allow only that) and pointed at the board once the cookie is set.
 */
export function QueueBoardButton({ onFailure }: { onFailure: (message: ActionMessage) => void }) {
  const api = useApi();
  const [busy, setBusy] = useState(false);

  const open = async () => {
    const tab = window.open('', '_blank');
    setBusy(true);
    try {
      await api.call(ADMIN_ENDPOINTS.queueBoardSession);
      if (tab) {
        tab.opener = null;
        tab.location.href = QUEUE_BOARD_PATH;
      } else {
        window.open(QUEUE_BOARD_PATH, '_blank', 'noopener');
      }
    } catch {
      tab?.close();
      onFailure({ tone: 'error', text: QUEUE_BOARD_FAILED });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button variant="secondary" onClick={() => void open()} busy={busy} busyText="Opening...">
      Open job queues
      <span className="pc-visually-hidden"> (opens in a new tab)</span>
    </Button>
  );
}

/**
 * Ends the board's session along with a sign-out: its cookie is HttpOnly, so only an answer can clear it. The
 * sign-out waits for it (at most END_BOARD_WAIT_MS), since the call needs the admin's token. Best effort: should it
 * fail, the board still refuses the cookie once the sign-in session has ended.
 */
export function useEndQueueBoard(): () => Promise<void> {
  const api = useApi();
  return useCallback(
    () =>
      api.call(ADMIN_ENDPOINTS.endQueueBoardSession, {}, { timeoutMs: END_BOARD_WAIT_MS }).then(
        () => undefined,
        () => undefined,
      ),
    [api],
  );
}

/** How long a sign-out waits for the board's session to end before going on. */
export const END_BOARD_WAIT_MS = 2_000;
