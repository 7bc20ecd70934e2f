import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DiskImageStore } from './disk-image-store.js';

const NAME = 'AAAAAAAAAAAAAAAAAAAAAAAA.png';
let directory: string;

beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'blog-disk-store-'));
});
afterEach(() => rm(directory, { recursive: true, force: true }));

describe('DiskImageStore', () => {
  it('creates its folder, stores one file per image (no partial left) and reads it back with the type of its name', async () => {
    const store = new DiskImageStore(join(directory, 'nested', 'images'));
    await store.put(NAME, { bytes: Buffer.from('png bytes'), contentType: 'image/png' });
    expect(await readdir(join(directory, 'nested', 'images'))).toEqual([NAME]);
    expect(await store.get(NAME)).toEqual({ bytes: Buffer.from('png bytes'), contentType: 'image/png' });
  });

  it('answers null for a missing image, and deletes quietly', async () => {
    const store = new DiskImageStore(directory);
    expect(await store.get(NAME)).toBeNull();
    await store.put(NAME, { bytes: Buffer.from('x'), contentType: 'image/png' });
    await store.delete(NAME);
    await store.delete(NAME);
    expect(await store.get(NAME)).toBeNull();
  });

  it('never touches a path that is not an image name', async () => {
    const store = new DiskImageStore(join(directory, 'images'));
    await expect(store.put('../escape.png', { bytes: Buffer.from('x'), contentType: 'image/png' })).rejects.toThrow(/Not an image name/);
    expect(await store.get('../../etc/passwd')).toBeNull();
    await expect(store.delete('../escape.png')).rejects.toThrow(/Not an image name/);
    expect(await readdir(directory)).toEqual([]);
  });
});
