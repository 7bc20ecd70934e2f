import { CachedImageStore } from './cached-image-store.js';
import type { ImageStore, StoredImage } from './image-store.js';

const image = (size: number): StoredImage => ({ bytes: Buffer.alloc(size, 1), contentType: 'image/png' });

/** A store in a Map that counts its reads. */
function countingStore() {
  const images = new Map<string, StoredImage>();
  const reads: string[] = [];
  const store: ImageStore = {
    put: async (name, stored) => void images.set(name, stored),
    get: async (name) => {
      reads.push(name);
      return images.get(name) ?? null;
    },
    delete: async (name) => void images.delete(name),
  };
  return { store, reads };
}

describe('CachedImageStore', () => {
  it('reads an image from the store once, then from memory', async () => {
    const { store, reads } = countingStore();
    const cached = new CachedImageStore(store, 100);
    await cached.put('a.png', image(10));
    expect(await cached.get('a.png')).toEqual(image(10));
    expect(await cached.get('a.png')).toEqual(image(10));
    expect(reads).toEqual(['a.png']);
  });

  it('asks the store again once an image was kept for the maximum age: one removed through another replica goes', async () => {
    const { store, reads } = countingStore();
    let now = 1_000;
    const cached = new CachedImageStore(store, 100, 60_000, () => now);
    await store.put('a.png', image(10));
    await cached.get('a.png');
    now += 59_999;
    expect(await cached.get('a.png')).toEqual(image(10));
    expect(reads).toEqual(['a.png']);
    await store.delete('a.png'); // what another replica's delete does to the shared store
    now += 1;
    expect(await cached.get('a.png')).toBeNull();
    expect(cached.cachedBytes).toBe(0);
  });

  it('stays within its byte budget, dropping the least recently used first; never caches what does not fit', async () => {
    const { store, reads } = countingStore();
    const cached = new CachedImageStore(store, 100);
    for (const [name, size] of [['a.png', 40], ['b.png', 40], ['c.png', 40], ['huge.png', 101]] as const) await store.put(name, image(size));
    await cached.get('a.png');
    await cached.get('b.png');
    await cached.get('a.png'); // a is now more recent than b
    await cached.get('c.png'); // 120 > 100: b goes
    expect(cached.cachedBytes).toBe(80);
    await cached.get('huge.png');
    expect(cached.cachedBytes).toBe(80);
    reads.length = 0;
    await cached.get('a.png');
    await cached.get('c.png');
    await cached.get('b.png');
    expect(reads).toEqual(['b.png']);
  });

  it('does not remember a miss, and forgets a deleted image', async () => {
    const { store } = countingStore();
    const cached = new CachedImageStore(store, 100);
    expect(await cached.get('late.png')).toBeNull();
    await cached.put('late.png', image(5));
    expect(await cached.get('late.png')).toEqual(image(5));
    await cached.delete('late.png');
    expect(await cached.get('late.png')).toBeNull();
    expect(cached.cachedBytes).toBe(0);
  });
});
