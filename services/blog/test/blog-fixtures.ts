import type { BlogPostInput } from '@paycadence/contracts';
import { uploadThatKeepsSending, type ServiceHarness } from '@paycadence/nest-kit/testing';
import type { BlogConfig } from '../src/config.js';
import { Redis } from 'ioredis';

/** A valid whole post as the editor sends it; override any field. */
export function postInput(overrides: Partial<BlogPostInput> & Record<string, unknown> = {}): BlogPostInput {
  return {
    title: 'Paying bills after payday',
    slug: 'paying-bills-after-payday',
    excerpt: 'Why timing matters.',
    content: { blocks: [{ type: 'paragraph', content: 'Bills should wait for payday.' }] },
    category: 'Strategy',
    published: true,
    ...overrides,
  } as BlogPostInput;
}

/** The first bytes of each accepted type, then filler: the service tells types by their magic numbers. */
export const IMAGE_BYTES = {
  png: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('IHDR-and-some-pixels')]),
  jpeg: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('JFIF-and-some-pixels')]),
  webp: Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 some pixels')]),
  gif: Buffer.from('GIF89a-and-some-pixels'),
  svg: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>'),
  html: Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>'),
};

export interface UploadOptions {
  token?: string | null;
  contentType?: string;
  fileName?: string;
}

/** POST /api/blog/admin/images with raw bytes (the harness's `call` sends JSON only). */
export async function upload(h: ServiceHarness<BlogConfig>, bytes: Buffer, { token, contentType = 'image/png', fileName }: UploadOptions = {}) {
  const bearer = token === undefined ? h.admin.token : token;
  const response = await fetch(`${h.baseUrl}/api/blog/admin/images`, {
    method: 'POST',
    headers: {
      'content-type': contentType,
      ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      ...(fileName !== undefined ? { 'x-file-name': fileName } : {}),
    },
    body: bytes,
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** GET an image by the url an upload answered, from the given base URL (one "replica"). */
export async function fetchImage(baseUrl: string, url: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${baseUrl}${url}`, { headers });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

/**
 * The `record-audit` jobs on admin's `audit` queue (BullMQ keys under the run's prefix), read straight from Redis.
 * The service adds them in the background, so this looks a few times before giving up.
 */
export async function auditJobs(h: ServiceHarness<BlogConfig>, expected: number): Promise<Array<{ kind: string; actor: { id: string }; details: Record<string, unknown> }>> {
  const redis = new Redis(h.config.REDIS_URL);
  try {
    for (let attempt = 0; ; attempt += 1) {
      const ids = await redis.lrange(`${h.redisKeyPrefix}bull:audit:wait`, 0, -1);
      const jobs = await Promise.all(ids.map(async (id) => JSON.parse((await redis.hget(`${h.redisKeyPrefix}bull:audit:${id}`, 'data')) ?? 'null')));
      if (jobs.length >= expected || attempt === 50) return jobs.filter(Boolean).reverse();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    redis.disconnect();
  }
}

/** An image upload that keeps sending (nest-kit's uploadThatKeepsSending on the upload route). */
export const imageUploadThatKeepsSending = (h: ServiceHarness<BlogConfig>, options: { token: string | null; declaredLength?: number; giveUpMs?: number }) =>
  uploadThatKeepsSending(h.baseUrl, { path: '/api/blog/admin/images', contentType: 'image/png', firstChunk: IMAGE_BYTES.png, ...options });
