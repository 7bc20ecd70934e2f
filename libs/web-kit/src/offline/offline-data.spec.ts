import type { AuthUser } from '@paycadence/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiFetch, isOfflineRefusal } from '../api/api-client.js';
import {
  createOfflineData,
  FETCHED_AT_HEADER,
  OFFLINE_WRITE_MESSAGE,
  offlineCacheName,
  readOfflineDashboard,
  type CacheStore,
} from './offline-data.js';

const user = (id: string) => ({ id, email: `${id}@example.com`, role: 'user' }) as AuthUser;

/** Cache Storage in memory: named caches of path → Response. */
function memoryCaches(): CacheStore & { names: () => string[] } {
  const stores = new Map<string, Map<string, Response>>();
  const cacheOf = (name: string) => {
    if (!stores.has(name)) stores.set(name, new Map());
    const entries = stores.get(name)!;
    return {
      put: async (key: string, response: Response) => void entries.set(key, response),
      match: async (key: string) => entries.get(key)?.clone(),
    } as unknown as Cache;
  };
  return {
    keys: async () => [...stores.keys()],
    open: async (name: string) => cacheOf(name),
    delete: async (name: string) => stores.delete(name),
    names: () => [...stores.keys()],
  };
}

afterEach(() => vi.unstubAllGlobals());

describe("the device's offline copy", () => {
  it("keeps one user's dashboard with when it arrived, and hands it back only for that user", async () => {
    const caches = memoryCaches();
    const data = createOfflineData(
      () => caches,
      () => 1_765_000_000_000,
    );
    await data.keepOnly(user('ann'));
    await data.keepDashboard('ann', { bills: ['Rent'] });
    expect(await data.readUser()).toEqual(user('ann'));
    expect(await readOfflineDashboard('ann', caches)).toEqual({
      body: { bills: ['Rent'] },
      fetchedAt: 1_765_000_000_000,
    });
    expect(await readOfflineDashboard('bob', caches)).toBeNull();
  });

  it('a second user signing in on the device drops the first one’s copy; a dashboard for anyone else is not kept', async () => {
    const caches = memoryCaches();
    const data = createOfflineData(() => caches);
    await data.keepOnly(user('ann'));
    await data.keepDashboard('ann', { bills: [] });
    await data.keepOnly(user('bob'));
    expect(caches.names()).toEqual([offlineCacheName('bob')]);
    await data.keepDashboard('ann', { bills: ['stale'] });
    expect(caches.names()).toEqual([offlineCacheName('bob')]);
    // Bob has no dashboard kept yet: nothing to open offline.
    expect(await data.readUser()).toBeNull();
  });

  it('signing out deletes every copy', async () => {
    const caches = memoryCaches();
    const data = createOfflineData(() => caches);
    await data.keepOnly(user('ann'));
    await data.keepDashboard('ann', {});
    await data.clear();
    expect(caches.names()).toEqual([]);
    expect(await data.readUser()).toBeNull();
  });

  it('a damaged copy is no copy', async () => {
    const caches = memoryCaches();
    await (
      await caches.open(offlineCacheName('ann'))
    ).put(
      '/api/financial/dashboard-with-insights',
      new Response('{not json', { headers: { [FETCHED_AT_HEADER]: '1' } }),
    );
    expect(await readOfflineDashboard('ann', caches)).toBeNull();
  });
});

describe('a change while offline', () => {
  it('is refused at once, in words, and nothing is sent or queued; reading still tries the network', async () => {
    const fetchMock = vi.fn(
      async () => new Response('{}', { headers: { 'Content-Type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('navigator', { ...navigator, onLine: false });
    const refused = await apiFetch('/api/financial/bills', { method: 'POST', body: { name: 'Gym' } }).catch(
      (error: unknown) => error,
    );
    expect(isOfflineRefusal(refused)).toBe(true);
    expect((refused as Error).message).toBe(OFFLINE_WRITE_MESSAGE);
    expect(fetchMock).not.toHaveBeenCalled();
    await apiFetch('/api/financial/bills');
    expect(fetchMock).toHaveBeenCalledOnce();
  });
});
