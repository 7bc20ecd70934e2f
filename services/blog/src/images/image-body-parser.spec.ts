import { BLOG_MESSAGES } from '@payday/contracts';
import { BlogError } from '../errors.js';
import { IMAGE_BODY_TYPES, readLimited } from './image-body-parser.js';

async function* chunks(...parts: string[]) {
  for (const part of parts) yield Buffer.from(part);
}

describe('readLimited', () => {
  it('joins the chunks of a body within the limit', async () => {
    expect((await readLimited(chunks('ab', 'cd'), 4, 4)).toString()).toBe('abcd');
  });

  it('refuses a declared length over the limit before reading, and a body that grows past it', async () => {
    const read = jest.fn();
    const neverRead = { [Symbol.asyncIterator]: read } as unknown as AsyncIterable<Buffer>;
    await expect(readLimited(neverRead, 5, 4)).rejects.toMatchObject({ status: 413, message: BLOG_MESSAGES.imageTooLarge(5) });
    expect(read).not.toHaveBeenCalled();
    await expect(readLimited(chunks('abc', 'de'), 0, 4)).rejects.toBeInstanceOf(BlogError);
  });
});

describe('IMAGE_BODY_TYPES', () => {
  it('takes image types and plain bytes, not JSON or forms', () => {
    for (const type of ['image/png', 'image/svg+xml', 'application/octet-stream']) expect(IMAGE_BODY_TYPES.test(type)).toBe(true);
    for (const type of ['application/json', 'text/html', 'multipart/form-data']) expect(IMAGE_BODY_TYPES.test(type)).toBe(false);
  });
});
