import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { BlogPostInput } from '@paycadence/contracts';
import type { ServiceHarness } from '@paycadence/nest-kit/testing';
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

export interface EarlyAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: unknown;
  /** Whether the upload's body was still unfinished (only its first chunk sent) when the answer came. */
  answeredWhileSending: boolean;
  /** Whether the service closed the connection after answering. */
  closed: Promise<void>;
}

/**
 * Starts an upload of `declaredLength` bytes, sends only its first chunk and keeps the body open: the answer
 * can only come before the body ends if the service decided without reading it. Gives up (rejects) after
 * `giveUpMs` without an answer. The request is destroyed afterwards.
 */
export function uploadThatKeepsSending(
  h: ServiceHarness<BlogConfig>,
  { token, declaredLength = 5 * 1024 * 1024, giveUpMs = 5_000 }: { token: string | null; declaredLength?: number; giveUpMs?: number },
): Promise<EarlyAnswer> {
  const { hostname, port } = new URL(h.baseUrl);
  return new Promise((resolve, reject) => {
    let bodyEnded = false;
    const request = httpRequest({
      hostname,
      port,
      method: 'POST',
      path: '/api/blog/admin/images',
      headers: { 'content-type': 'image/png', 'content-length': declaredLength, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
    const giveUp = setTimeout(() => {
      request.destroy();
      reject(new Error(`no answer within ${giveUpMs} ms while the body was still being sent`));
    }, giveUpMs);
    const closed = new Promise<void>((closedResolve) => request.once('close', () => closedResolve()));
    request.on('error', () => undefined); // the service may close while we would still be sending
    request.on('finish', () => {
      bodyEnded = true;
    });
    request.on('response', (response) => {
      const answeredWhileSending = !bodyEnded;
      const parts: Buffer[] = [];
      response.on('data', (part: Buffer) => parts.push(part));
      response.on('end', () => {
        clearTimeout(giveUp);
        const text = Buffer.concat(parts).toString();
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text ? JSON.parse(text) : null, answeredWhileSending, closed });
        request.destroy();
      });
    });
    request.write(Buffer.concat([IMAGE_BYTES.png, Buffer.alloc(64 * 1024)]));
  });
}
