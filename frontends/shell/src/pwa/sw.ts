/// <reference lib="webworker" />
// The app's service worker (docs/installable-app.md), built by vite-plugin-pwa's injectManifest into /sw.js.
// What it keeps: the shell's own build (precached, so the app opens without a network), each page and remote as it
// was last loaded (network first, so a redeployed remote or page replaces the kept copy the next time it is online).
// What it never keeps: anything under /api (a person's data is not cached here), or a page answered with an error.
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { notificationTarget, reminderNotification } from './push-message';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

/** Cache names: the prefix lets sign-out and a new version find every cache this worker made. */
const PAGES = 'paycadence-pages';
const REMOTES = 'paycadence-remotes';
const ASSETS = 'paycadence-assets';

// Precached files answer only their own address: '/' and '/about' are pages (prerendered copies, network first
// below), not the bare index.html.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });
cleanupOutdatedCaches();

const isApi = (url: URL) => url.pathname.startsWith('/api/') || url.pathname === '/api';
const onlyGoodAnswers = { cacheWillUpdate: async ({ response }: { response: Response }) => (response.ok ? response : null) };
// Offline on a page never visited: the app itself (it routes on its own), not the browser's error page.
const appWhenNothingKept = { handlerDidError: async () => (await matchPrecache('/index.html')) ?? undefined };

// A page: the network's answer (a prerendered copy or the app), the last one kept when offline. Four seconds on a
// weak connection before the kept copy is shown instead.
registerRoute(
  new NavigationRoute(new NetworkFirst({
      cacheName: PAGES,
      networkTimeoutSeconds: 4,
      plugins: [onlyGoodAnswers, appWhenNothingKept, new ExpirationPlugin({ maxEntries: 40 })],
    }), {
    denylist: [/^\/api(\/|$)/],
  }),
);

// Where the remotes are and their entries: unhashed names that a deploy replaces, so always asked of the network
// first (the kept copy only offline).
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && !isApi(url) && (url.pathname === '/remotes-manifest.json' || /\/remoteEntry\.js$/.test(url.pathname)),
  new NetworkFirst({ cacheName: REMOTES, networkTimeoutSeconds: 4, plugins: [onlyGoodAnswers] }),
);

// A remote's built chunks and styles carry a content hash in their name: kept once, never asked again.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/remotes/') && /[-.][A-Za-z0-9_-]{8,}\.(js|css)$/.test(url.pathname),
  new CacheFirst({ cacheName: ASSETS, plugins: [onlyGoodAnswers, new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 60 * 60 * 24 * 60 })] }),
);

// A new version waits until the person says so (the app's "Reload" on its update notice), never mid-form.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// A reminder pushed to this device: shown as a notification; a tap opens the bill on the dashboard.
self.addEventListener('push', (event) => {
  const { title, options } = reminderNotification(event.data?.text() ?? '', self.location.origin);
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = notificationTarget(event.notification.data, self.location.origin);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        // Focusing needs the tap's permission to bring a window forward; without it the window still goes to the bill.
        const focused = await open.focus().catch(() => open);
        // navigate() works only in a window this worker controls; any other window leaves the bill to a new one.
        if (await focused.navigate(target).catch(() => null)) return;
      }
      await self.clients.openWindow(target);
    })(),
  );
});
