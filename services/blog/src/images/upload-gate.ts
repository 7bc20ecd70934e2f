import { BLOG_IMAGE_LIMITS } from '@paycadence/contracts';
import { guardBeforeBody, type AuthGuard } from '@paycadence/nest-kit';
import type { FastifyInstance } from 'fastify';
import { BlogError } from '../errors.js';
import { DRAIN_LIMIT_BYTES, isUploadRequest } from './image-body-parser.js';
import { AdminImagesController } from './images.controller.js';

/**
 * The image upload's authentication and role before its body (nest-kit's guardBeforeBody), then an admin's declared
 * length over the limit gets its 413 before reading too.
 */
export function registerUploadGate(fastify: FastifyInstance, guard: AuthGuard): void {
  guardBeforeBody(fastify, guard, { matches: isUploadRequest, controller: AdminImagesController, handler: AdminImagesController.prototype.upload });
  fastify.addHook('onRequest', async (request, reply) => {
    if (!isUploadRequest(request)) return;
    const declaredLength = Number(request.headers['content-length'] ?? 0);
    if (declaredLength > BLOG_IMAGE_LIMITS.maxBytes) {
      // An admin's oversized file: node:http drops the rest unread-into-memory after the answer, so a proxy
      // still sending it passes our 413 on; a body past the drain limit is not worth taking in at all.
      if (declaredLength > DRAIN_LIMIT_BYTES) void reply.header('Connection', 'close');
      throw new BlogError('IMAGE_TOO_LARGE');
    }
  });
}
