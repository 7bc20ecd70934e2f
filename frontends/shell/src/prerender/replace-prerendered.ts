import { matchPath } from 'react-router-dom';
import { loadRemoteComponent } from '../remotes/remote-loader';
import { appRoutes } from '../routes';

/**
 * A public page can arrive prerendered (scripts/prerender.mjs): `#root[data-prerendered]`
 * already shows the page. The app must not replace it with a loading view, so before its first render the
 * page's remote module is loaded (then RemoteRoute finds it cached and renders the page at once). A remote
 * that takes longer than this is not waited for: its loading view replaces the copy as on any other page.
 */
export const PRERENDER_WAIT_CAP_MS = 5000;

export const isPrerendered = (root: HTMLElement): boolean => root.hasAttribute('data-prerendered');

/** Resolves when the app can replace the prerendered copy of `pathname` without a loading view between. */
export async function readyToReplacePrerendered(
  root: HTMLElement,
  pathname: string,
  load: typeof loadRemoteComponent = loadRemoteComponent,
  capMs = PRERENDER_WAIT_CAP_MS,
): Promise<void> {
  if (!isPrerendered(root)) return;
  // By pattern: every /blog/<slug> is served the posts' shared copy.
  const remote = appRoutes.find((route) => matchPath(route.path, pathname) !== null)?.remote;
  if (!remote) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cap = new Promise<void>((resolve) => (timer = setTimeout(resolve, capMs)));
  // A failed load is RemoteRoute's to report (it retries and shows the error view).
  await Promise.race([load(remote).then(() => undefined, () => undefined), cap]);
  clearTimeout(timer);
}

const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * Where keyboard focus is in the copy, as the position among its focusable elements (-1: not in the copy). The
 * live page has the same elements in the same order, so focus can move to the same place after the swap.
 */
export function focusPosition(root: HTMLElement, doc: Document = document): number {
  const active = doc.activeElement;
  if (!isPrerendered(root) || !active || active === root || !root.contains(active)) return -1;
  return [...root.querySelectorAll(FOCUSABLE)].indexOf(active);
}

/**
 * After the app's first commit: the controls the copy held back (readonly, disabled) are the app's now, and a
 * keyboard user who had tabbed into the copy keeps their place.
 */
export function markReplaced(root: HTMLElement, position = -1): void {
  root.removeAttribute('data-prerendered');
  if (position >= 0) root.querySelectorAll<HTMLElement>(FOCUSABLE)[position]?.focus();
}
