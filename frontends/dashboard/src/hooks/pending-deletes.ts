import { useSyncExternalStore } from 'react';

/**
 * Ids of records deleted but still inside their undo offer. Module state, not component state: the offer
 * outlives the dashboard (a visit to Settings and back within it must not show the row again).
 */
let pending: ReadonlySet<string> = new Set();
const listeners = new Set<() => void>();

function publish(next: ReadonlySet<string>) {
  pending = next;
  listeners.forEach((listener) => listener());
}

export const markPendingDelete = (id: string) => publish(new Set(pending).add(id));
export const clearPendingDelete = (id: string) => publish(new Set([...pending].filter((other) => other !== id)));

export function usePendingDeletes(): ReadonlySet<string> {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => pending,
    () => pending,
  );
}
