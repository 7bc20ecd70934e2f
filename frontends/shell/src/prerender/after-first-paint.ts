/**
 * A prerendered public page is already readable when its HTML and CSS arrive; the app's
 * modules (React, the router, the shell) then take a phone's CPU for a second or more. Started before the
 * browser has shown the copy, they hold its first paint back. So on a prerendered page the app starts once the
 * first contentful paint has happened; any other page starts at once.
 *
 * A tab opened in the background paints nothing until it is shown (and runs no animation frames): it starts at
 * once. A browser without paint timing starts after one frame. Nothing waits longer than FIRST_PAINT_WAIT_CAP_MS.
 */
export const FIRST_PAINT_WAIT_CAP_MS = 3000;

/** What afterFirstPaint uses of the window (a test passes its own). */
export type PaintingWindow = Pick<typeof globalThis, 'PerformanceObserver' | 'document' | 'requestAnimationFrame'>;

export function afterFirstPaint(root: HTMLElement | null, win: PaintingWindow = window, capMs = FIRST_PAINT_WAIT_CAP_MS): Promise<void> {
  if (root === null || !root.hasAttribute('data-prerendered') || win.document.visibilityState !== 'visible') return Promise.resolve();
  const paintTimed = typeof win.PerformanceObserver === 'function' && (win.PerformanceObserver.supportedEntryTypes ?? []).includes('paint');
  return new Promise((resolve) => {
    const paints = paintTimed
      ? new win.PerformanceObserver((list) => {
          if (list.getEntriesByName('first-contentful-paint').length > 0) start();
        })
      : undefined;
    const timer = setTimeout(() => start(), capMs);
    function start() {
      paints?.disconnect();
      clearTimeout(timer);
      resolve();
    }
    // buffered: a paint that happened before this script ran still counts.
    if (paints) paints.observe({ type: 'paint', buffered: true });
    else win.requestAnimationFrame(() => setTimeout(start, 0));
  });
}
