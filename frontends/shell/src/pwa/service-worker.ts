import { Workbox } from 'workbox-window';

/**
 * Registers /sw.js (src/pwa/sw.ts) and reports a new version that is ready, so the app can say so and reload only
 * when the person chooses (docs/installable-app.md). A built app on a secure origin only: the dev server has no
 * worker, and a browser without service workers simply runs without one.
 */
export interface UpdateChannel {
  /** Called once a new version is installed and waiting. */
  onUpdateReady(listener: () => void): void;
  /** Lets the waiting version take over, then reloads the page with it. */
  applyUpdate(): void;
}

const SW_URL = '/sw.js';
// A tab left open all day still learns of a deploy.
const UPDATE_CHECK_MS = 60 * 60 * 1000;

export function registerServiceWorker(win: Window = window): UpdateChannel | null {
  if (!import.meta.env.PROD || !('serviceWorker' in win.navigator) || !win.isSecureContext) return null;
  const workbox = new Workbox(SW_URL);
  const listeners = new Set<() => void>();
  let ready = false;
  workbox.addEventListener('waiting', () => {
    ready = true;
    listeners.forEach((listener) => listener());
  });
  void workbox.register().then((registration) => {
    if (registration) win.setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
  }, () => undefined);
  return {
    onUpdateReady(listener) {
      listeners.add(listener);
      if (ready) listener();
    },
    applyUpdate() {
      // Reload once the new worker controls the page, so the page and its cached files are of one version.
      workbox.addEventListener('controlling', () => win.location.reload());
      workbox.messageSkipWaiting();
    },
  };
}

let appChannel: UpdateChannel | null = null;

/** The bootstrap's one registration for the page; UpdateNotice reads it through `appUpdateChannel`. */
export function startServiceWorker(): void {
  appChannel ??= registerServiceWorker();
}

export const appUpdateChannel = (): UpdateChannel | null => appChannel;
