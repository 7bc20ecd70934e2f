import { useEffect } from 'react';

/**
 * Moves focus to the element with `id` once a web-kit Modal has opened: the Modal focuses its first focusable
 * element (the × button) in its own effect, which runs after ours, so ours waits a tick.
 */
export function useInitialFocus(id: string, active: boolean) {
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => document.getElementById(id)?.focus(), 0);
    return () => clearTimeout(timer);
  }, [id, active]);
}
