import type { IncomingMessage } from 'node:http';
import { BLOG_IMAGE_LIMITS, BLOG_ENDPOINTS } from '@paycadence/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BlogError } from '../errors.js';

/** The content types an upload may be sent as: any image type, or plain bytes (the bytes decide, not this). */
export const IMAGE_BODY_TYPES = /^(?:image\/|application\/octet-stream)/;

const UPLOAD_ROUTE = BLOG_ENDPOINTS.uploadImage.path;

/** POST /api/blog/admin/images: the one route that takes raw image bytes. */
export const isUploadRequest = (request: FastifyRequest) =>
  request.method === BLOG_ENDPOINTS.uploadImage.method && request.routeOptions.url === UPLOAD_ROUTE;

/**
 * How much of an oversized body is read and dropped before answering 413: a proxy in front (the gateway lets
 * 6 MB through) still sending the body when the answer comes would report a broken upstream (502) instead of
 * our 413. Past this the connection is simply cut.
 */
export const DRAIN_LIMIT_BYTES = 2 * BLOG_IMAGE_LIMITS.maxBytes;

/**
 * The body read into one buffer, refused with 413 (imageTooLarge) once it passes `maxBytes`, whether its
 * Content-Length said so up front or it grew past it. The refused rest is read and dropped (up to `drainLimit`),
 * never kept. With a declared length the bytes go straight into one buffer of that size (no chunk list and no
 * second copy at the end); without one (chunked) the chunks are joined once.
 */
export async function readLimited(payload: AsyncIterable<Buffer | string>, declaredLength: number, maxBytes: number, drainLimit = DRAIN_LIMIT_BYTES): Promise<Buffer> {
  let tooLarge = declaredLength > maxBytes;
  let whole = !tooLarge && declaredLength > 0 ? Buffer.allocUnsafe(declaredLength) : null;
  const chunks: Buffer[] = [];
  let received = 0;
  for await (const chunk of payload) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    const offset = received;
    received += bytes.length;
    if (received > drainLimit) break;
    if (tooLarge || received > maxBytes) {
      tooLarge = true;
      whole = null;
      chunks.length = 0;
      continue;
    }
    if (whole && received > whole.length) {
      // More than declared (node:http never delivers that; other callers might): carry on as chunks.
      chunks.push(whole.subarray(0, offset));
      whole = null;
    }
    if (whole) bytes.copy(whole, offset);
    else chunks.push(bytes);
  }
  if (tooLarge || received > maxBytes) throw new BlogError('IMAGE_TOO_LARGE');
  if (whole) return received === whole.length ? whole : whole.subarray(0, received);
  return Buffer.concat(chunks, received);
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
      if (!isUploadRequest(request)) {
        throw Object.assign(new Error('Unsupported content type'), { code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE', statusCode: 415 });
      }
      return readLimited(payload, Number(request.headers['content-length'] ?? 0), BLOG_IMAGE_LIMITS.maxBytes);
    },
  );
}
