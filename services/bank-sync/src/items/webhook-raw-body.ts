import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';

/** The largest webhook body accepted (Plaid's are a few hundred bytes). */
const MAX_WEBHOOK_BODY = 64 * 1024;

/**
 * Keeps the exact bytes of requests to `path` as `request.rawBody` (the webhook's signature covers the body's
 * SHA-256, and re-serialised JSON would differ), then hands the same bytes on to the app's JSON parser.
 * Fastify binds hooks to routes when it gets ready, so registering this during module init is in time.
 */
export function captureRawBody(fastify: FastifyInstance, path: string): void {
  fastify.addHook('preParsing', async (request, _reply, payload) => {
    if (request.url.split('?')[0] !== path) return payload;
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of payload) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
      size += buffer.length;
      if (size > MAX_WEBHOOK_BODY) break;
      chunks.push(buffer);
    }
    const raw = Buffer.concat(chunks);
    (request as unknown as { rawBody?: Buffer }).rawBody = raw;
    const replay = Readable.from([raw]) as Readable & { receivedEncodedLength?: number };
    replay.receivedEncodedLength = raw.length;
    return replay;
  });
}
