import type { IncomingMessage } from 'node:http';
import { BLOG_IMAGE_LIMITS, BLOG_ENDPOINTS } from '@payday/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BlogError } from '../errors.js';

/** The content types an upload may be sent as: any image type, or plain bytes (the bytes decide, not this). */
export const IMAGE_BODY_TYPES = /^(?:image\/|application\/octet-stream)/;

const UPLOAD_ROUTE = BLOG_ENDPOINTS.uploadImage.path;

/** The body read into one buffer, refused with 413 (imageTooLarge) once it passes `maxBytes`. */
export async function readLimited(payload: AsyncIterable<Buffer | string>, declaredLength: number, maxBytes: number): Promise<Buffer> {
  if (declaredLength > maxBytes) throw new BlogError('IMAGE_TOO_LARGE');
  const chunks: Buffer[] = [];
  let received = 0;
  for await (const chunk of payload) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    received += bytes.length;
    if (received > maxBytes) throw new BlogError('IMAGE_TOO_LARGE');
    chunks.push(bytes);
  }
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
      if (request.method !== 'POST' || request.routeOptions.url !== UPLOAD_ROUTE) {
        throw Object.assign(new Error('Unsupported content type'), { code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE', statusCode: 415 });
      }
      return readLimited(payload, Number(request.headers['content-length'] ?? 0), BLOG_IMAGE_LIMITS.maxBytes);
    },
  );
}
