import { BLOG_MESSAGES } from '@paycadence/contracts';
import { BlogError } from '../errors.js';
import { IMAGE_BODY_TYPES, readLimited } from './image-body-parser.js';

async function* chunks(...parts: string[]) {
  for (const part of parts) yield Buffer.from(part);
}

describe('readLimited', () => {
  it('joins the chunks of a body within the limit, with or without a declared length', async () => {
    expect((await readLimited(chunks('ab', 'cd'), 4, 4)).toString()).toBe('abcd');
    expect((await readLimited(chunks('ab', 'c'), 0, 4)).toString()).toBe('abc');
  });

  it('gives exactly the bytes received when they differ from the declared length', async () => {
    expect((await readLimited(chunks('ab'), 4, 4)).toString()).toBe('ab');
    expect((await readLimited(chunks('ab', 'cd'), 3, 4)).toString()).toBe('abcd');
    await expect(readLimited(chunks('ab', 'cde'), 3, 4)).rejects.toBeInstanceOf(BlogError);
  });

  it('refuses a declared length over the limit and a body that grows past it, reading the rest without keeping it', async () => {
    const read: string[] = [];
    async function* recorded(...parts: string[]) {
      for (const part of parts) {
        read.push(part);
        yield Buffer.from(part);
      }
    }
    await expect(readLimited(recorded('abcde'), 5, 4)).rejects.toMatchObject({ status: 413, message: BLOG_MESSAGES.imageTooLarge(5) });
    await expect(readLimited(recorded('abc', 'de', 'fg'), 0, 4)).rejects.toBeInstanceOf(BlogError);
    // Drained to the end (a proxy still sending gets our 413, not a broken connection).
    expect(read).toEqual(['abcde', 'abc', 'de', 'fg']);
  });

  it('stops reading past the drain limit', async () => {
    const read: string[] = [];
    async function* endless() {
      for (;;) {
        read.push('x');
        yield Buffer.from('xxxx');
      }
    }
    await expect(readLimited(endless(), 0, 4, 12)).rejects.toBeInstanceOf(BlogError);
    expect(read).toHaveLength(4);
  });
});

describe('IMAGE_BODY_TYPES', () => {
  it('takes image types and plain bytes, not JSON or forms', () => {
    for (const type of ['image/png', 'image/svg+xml', 'application/octet-stream']) expect(IMAGE_BODY_TYPES.test(type)).toBe(true);
    for (const type of ['application/json', 'text/html', 'multipart/form-data']) expect(IMAGE_BODY_TYPES.test(type)).toBe(false);
  });
});
