import { IMPORT_POLLING } from '@paycadence/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';

export interface ImportPollingState {
  /** True from start() until the last reload (or until nothing is importing any more). */
  active: boolean;
  /** Reloads done so far in this run. */
  done: number;
  total: number;
}

/**
 * docs/product/signed-in.md §4/§9 transaction import: after an import starts, reload after 2 s, then every 3 s, at most
 * 10 reloads in all (IMPORT_POLLING). A run ends early once `stillImporting()` (read after each reload, from
 * the items' sync_state) says no item is queued or running, so the progress shown is the server's.
 */
export function useImportPolling(reload: () => Promise<unknown>, stillImporting: () => boolean) {
  const [state, setState] = useState<ImportPollingState>({ active: false, done: 0, total: IMPORT_POLLING.attempts });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const run = useRef(0);
  // The latest callbacks, so a running schedule never calls a stale closure.
  const latest = useRef({ reload, stillImporting });
  latest.current = { reload, stillImporting };

  const stop = useCallback(() => {
    run.current += 1;
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    setState((s) => ({ ...s, active: false }));
  }, []);

  const start = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    const id = ++run.current;
    setState({ active: true, done: 0, total: IMPORT_POLLING.attempts });
    const tick = async (done: number) => {
      timer.current = null;
      try {
        await latest.current.reload();
      } catch {
        // A failed reload shows in the lists themselves; the schedule goes on.
      }
      if (id !== run.current) return;
      const next = done + 1;
      const finished = next >= IMPORT_POLLING.attempts || !latest.current.stillImporting();
      setState({ active: !finished, done: next, total: IMPORT_POLLING.attempts });
      if (!finished) timer.current = setTimeout(() => void tick(next), IMPORT_POLLING.intervalMs);
    };
    timer.current = setTimeout(() => void tick(0), IMPORT_POLLING.firstDelayMs);
  }, []);

  useEffect(
    () => () => {
      run.current += 1;
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  return { ...state, start, stop };
}
