import type { IncomingMessage } from 'node:http';
import { BLOG_IMAGE_LIMITS, BLOG_ENDPOINTS } from '@payday/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BlogError } from '../errors.js';

/** The content types an upload may be sent as: any image type, or plain bytes (the bytes decide, not this). */
export const IMAGE_BODY_TYPES = /^(?:image\/|application\/octet-stream)/;

const UPLOAD_ROUTE = BLOG_ENDPOINTS.uploadImage.path;

/**
 * How much of an oversized body is read and dropped before answering 413: a proxy in front (the gateway lets
 * 6 MB through) still sending the body when the answer comes would report a broken upstream (502) instead of
 * our 413. Past this the connection is simply cut.
 */
export const DRAIN_LIMIT_BYTES = 2 * BLOG_IMAGE_LIMITS.maxBytes;

/**
 * The body read into one buffer, refused with 413 (imageTooLarge) once it passes `maxBytes`, whether its
 * Content-Length said so up front or it grew past it. The refused rest is read and dropped (up to `drainLimit`),
 * never kept.
 */
export async function readLimited(payload: AsyncIterable<Buffer | string>, declaredLength: number, maxBytes: number, drainLimit = DRAIN_LIMIT_BYTES): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let received = 0;
  let tooLarge = declaredLength > maxBytes;
  for await (const chunk of payload) {
    received += chunk.length;
    if (received > drainLimit) break;
    if (tooLarge || received > maxBytes) {
      tooLarge = true;
      chunks.length = 0;
      continue;
    }
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  }
  if (tooLarge || received > maxBytes) throw new BlogError('IMAGE_TOO_LARGE');
  return Buffer.concat(chunks);
}

/**
 * Raw image bodies for POST /api/blog/admin/images only, up to BLOG_IMAGE_LIMITS.maxBytes; the service's JSON
 * body limit stays small for every other route. Any other route answers such a body 415 before reading it.
 */
export function registerImageBodyParser(fastify: FastifyInstance): void {
  fastify.addContentTypeParser(
    IMAGE_BODY_TYPES,
    { bodyLimit: BLOG_IMAGE_LIMITS.maxBytes },
    async (request: FastifyRequest, payload: IncomingMessage) => {
      if (request.method !== 'POST' || request.routeOptions.url !== UPLOAD_ROUTE) {
        throw Object.assign(new Error('Unsupported content type'), { code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE', statusCode: 415 });
      }
      return readLimited(payload, Number(request.headers['content-length'] ?? 0), BLOG_IMAGE_LIMITS.maxBytes);
    },
  );
}
