import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * The bill a link names (`/dashboard?bill=<id>`, where a reminder notification's tap lands): once its row is on the
 * page it is brought into view and focused, so the person lands on that bill, not at the top of the dashboard.
 * Answers the linked id, for the row to mark itself.
 */
export function useLinkedBill(rowIds: readonly string[]): string | null {
  const [params] = useSearchParams();
  const linked = params.get('bill');
  const shownFor = useRef<string | null>(null);
  const present = linked !== null && rowIds.includes(linked);
  useEffect(() => {
    if (!present || shownFor.current === linked) return;
    shownFor.current = linked;
    const row = document.querySelector<HTMLElement>(`[data-record-id="${CSS.escape(linked)}"]`);
    row?.scrollIntoView?.({ block: 'center' });
    row?.focus({ preventScroll: true });
  }, [present, linked]);
  return present ? linked : null;
}
