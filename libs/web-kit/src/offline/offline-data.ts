import type { AuthUser } from '@paycadence/contracts';
import { useSyncExternalStore } from 'react';

// What the app keeps on this device so /dashboard opens without a network (docs/installable-app.md, Offline): one
// Cache Storage cache per signed-in user holding the last dashboard answer (written by the dashboard when it
// arrives) and the user it belongs to (written at sign-in, so an offline reload knows whose copy it is without a
// token). Only the latest user's cache is kept, and signing out deletes it.

/** The cache of one user's offline copy is this prefix and the encoded user id. */
export const OFFLINE_CACHE_PREFIX = 'paycadence-offline:';
/** Where the last dashboard answer sits in that cache (the path without its query: one copy per user). */
export const OFFLINE_DASHBOARD_KEY = '/api/financial/dashboard-with-insights';
/** Where the signed-in user's details sit in that cache. */
export const OFFLINE_USER_KEY = '/offline/user';
/** Stamped on the stored copy: when the answer arrived (ms since 1970). */
export const FETCHED_AT_HEADER = 'X-PayCadence-Fetched-At';

export const OFFLINE_WRITE_MESSAGE = "You're offline, so nothing was saved. Try again once you're back online.";

export const offlineCacheName = (userId: string) => `${OFFLINE_CACHE_PREFIX}${encodeURIComponent(userId)}`;

/** The browser says it has no network (navigator.onLine is false); unknown counts as online. */
export function isBrowserOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

function subscribeToNetwork(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** True while the browser has a network; re-renders on the `online` and `offline` events. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeToNetwork, () => !isBrowserOffline(), () => true);
}

/** The part of the Cache Storage API used here (`caches`), so tests can hand in their own. */
export type CacheStore = Pick<CacheStorage, 'keys' | 'open' | 'delete'>;

function browserCaches(): CacheStore | null {
  return typeof caches === 'undefined' ? null : caches;
}

/** The offline copy of the dashboard for `userId`, with the time it was fetched; null when there is none. */
export async function readOfflineDashboard(userId: string, store: CacheStore | null = browserCaches()): Promise<{ body: unknown; fetchedAt: number } | null> {
  if (!store) return null;
  try {
    if (!(await store.keys()).includes(offlineCacheName(userId))) return null;
    const cached = await (await store.open(offlineCacheName(userId))).match(OFFLINE_DASHBOARD_KEY);
    if (!cached) return null;
    const fetchedAt = Number(cached.headers.get(FETCHED_AT_HEADER));
    return { body: await cached.json(), fetchedAt: Number.isFinite(fetchedAt) && fetchedAt > 0 ? fetchedAt : Date.now() };
  } catch {
    return null; // a damaged copy is no copy
  }
}

/** What the session machine asks of the device's offline copy. */
export interface OfflineData {
  /** `user` is signed in here: keep their details for an offline reload and drop every other user's copy. */
  keepOnly(user: AuthUser): Promise<void>;
  /** The dashboard's latest answer for `userId`, kept with the moment it arrived. */
  keepDashboard(userId: string, body: unknown): Promise<void>;
  /** The session is over: delete every offline copy. */
  clear(): Promise<void>;
  /** The user whose copy this device holds, when it holds a dashboard for them; null otherwise. */
  readUser(): Promise<AuthUser | null>;
}

export function createOfflineData(store: () => CacheStore | null = browserCaches, now: () => number = Date.now): OfflineData {
  const offlineCaches = async (cachesApi: CacheStore) => (await cachesApi.keys()).filter((name) => name.startsWith(OFFLINE_CACHE_PREFIX));
  return {
    async keepOnly(user) {
      const cachesApi = store();
      if (!cachesApi) return;
      try {
        const mine = offlineCacheName(user.id);
        for (const name of await offlineCaches(cachesApi)) if (name !== mine) await cachesApi.delete(name);
        const body = JSON.stringify(user);
        await (await cachesApi.open(mine)).put(OFFLINE_USER_KEY, new Response(body, { headers: { 'Content-Type': 'application/json' } }));
      } catch {
        // storage full or refused: the app works online as before, only without the offline copy
      }
    },
    async keepDashboard(userId, body) {
      const cachesApi = store();
      if (!cachesApi) return;
      try {
        // Only for the user whose copy is kept (keepOnly ran at sign-in): never a second user's beside it.
        if (!(await cachesApi.keys()).includes(offlineCacheName(userId))) return;
        const headers = { 'Content-Type': 'application/json', [FETCHED_AT_HEADER]: String(now()) };
        await (await cachesApi.open(offlineCacheName(userId))).put(OFFLINE_DASHBOARD_KEY, new Response(JSON.stringify(body), { headers }));
      } catch {
        // storage full or refused: no offline copy, nothing else changes
      }
    },
    async clear() {
      const cachesApi = store();
      if (!cachesApi) return;
      try {
        await Promise.all((await offlineCaches(cachesApi)).map((name) => cachesApi.delete(name)));
      } catch {
        // nothing to delete
      }
    },
    async readUser() {
      const cachesApi = store();
      if (!cachesApi) return null;
      try {
        const [name] = await offlineCaches(cachesApi);
        if (!name) return null;
        const cache = await cachesApi.open(name);
        const [userAnswer, dashboard] = await Promise.all([cache.match(OFFLINE_USER_KEY), cache.match(OFFLINE_DASHBOARD_KEY)]);
        if (!userAnswer || !dashboard) return null;
        const user = (await userAnswer.json()) as AuthUser;
        // The copy must be the named user's own: the cache name and the details agree.
        return user && typeof user.id === 'string' && offlineCacheName(user.id) === name ? user : null;
      } catch {
        return null;
      }
    },
  };
}

/** The page's one offline copy. */
export const browserOfflineData = createOfflineData();
