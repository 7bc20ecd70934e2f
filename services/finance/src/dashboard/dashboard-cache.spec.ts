import { DashboardCache } from './dashboard-cache.js';

describe('DashboardCache', () => {
  it('computes once per key and again when the key (data version, day, window) changes', async () => {
    const cache = new DashboardCache();
    const compute = jest.fn(async () => `{"n":${compute.mock.calls.length}}`);
    expect(await cache.get('ann', 'v1', compute)).toBe('{"n":1}');
    expect(await cache.get('ann', 'v1', compute)).toBe('{"n":1}');
    expect(await cache.get('ann', 'v2', compute)).toBe('{"n":2}');
    expect(compute).toHaveBeenCalledTimes(2);
  });

  it('keeps users apart', async () => {
    const cache = new DashboardCache();
    await cache.get('ann', 'v1', async () => 'ann');
    expect(await cache.get('bob', 'v1', async () => 'bob')).toBe('bob');
  });

  it('shares one computation between concurrent misses', async () => {
    const cache = new DashboardCache();
    let release: (body: string) => void = () => {};
    const compute = jest.fn(() => new Promise<string>((resolve) => (release = resolve)));
    const both = Promise.all([cache.get('ann', 'v1', compute), cache.get('ann', 'v1', compute)]);
    release('once');
    expect(await both).toEqual(['once', 'once']);
    expect(compute).toHaveBeenCalledTimes(1);
  });

  it('does not keep a failed computation', async () => {
    const cache = new DashboardCache();
    await expect(cache.get('ann', 'v1', async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('ann', 'v1', async () => 'ok')).toBe('ok');
  });

  it('drops the oldest user beyond its size', async () => {
    const cache = new DashboardCache(2);
    await cache.get('a', 'v', async () => 'a1');
    await cache.get('b', 'v', async () => 'b1');
    await cache.get('c', 'v', async () => 'c1');
    expect(await cache.get('a', 'v', async () => 'a2')).toBe('a2');
    expect(await cache.get('c', 'v', async () => 'c2')).toBe('c1');
  });
});
