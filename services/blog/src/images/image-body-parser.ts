import type { IncomingMessage } from 'node:http';
import { BLOG_IMAGE_LIMITS, BLOG_ENDPOINTS } from '@paycadence/contracts';
import { readLimitedBody } from '@paycadence/nest-kit';
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

/** The image's bytes, at most BLOG_IMAGE_LIMITS.maxBytes (nest-kit's readLimitedBody; 413 imageTooLarge past it). */
export const readLimited = (payload: AsyncIterable<Buffer | string>, declaredLength: number, maxBytes: number, drainLimit = DRAIN_LIMIT_BYTES): Promise<Buffer> =>
  readLimitedBody(payload, declaredLength, maxBytes, () => new BlogError('IMAGE_TOO_LARGE'), drainLimit);

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
