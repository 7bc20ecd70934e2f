import type { ExecutionContext } from '@nestjs/common';
import { BLOG_IMAGE_LIMITS } from '@paycadence/contracts';
import type { AuthGuard } from '@paycadence/nest-kit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BlogError } from '../errors.js';
import { DRAIN_LIMIT_BYTES, isUploadRequest } from './image-body-parser.js';
import { AdminImagesController } from './images.controller.js';

/**
 * The guarded route as Nest would hand it to its guards: the handler and class carry `@Roles('admin')`, so the
 * gate and the route's own guard read the same rule.
 */
function uploadRouteContext(request: FastifyRequest, reply: FastifyReply): ExecutionContext {
  const http = { getRequest: () => request, getResponse: () => reply, getNext: () => undefined };
  const args = [request, reply];
  const unsupported = () => {
    throw new Error('The upload gate runs for HTTP requests only');
  };
  return {
    getType: () => 'http',
    getClass: () => AdminImagesController,
    getHandler: () => AdminImagesController.prototype.upload,
    getArgs: () => args,
    getArgByIndex: (index: number) => args[index],
    switchToHttp: () => http,
    switchToRpc: unsupported,
    switchToWs: unsupported,
  } as unknown as ExecutionContext;
}

/**
 * Fastify reads a body before Nest's guards run, so on its own the upload route would take in up to 5 MB from
 * anyone before answering 401. This `onRequest` hook (before any body is read) runs the route's AuthGuard
 * first: a caller without a valid admin token of an active account gets the guard's own 401/403 at once, the
 * body unread, and the connection closed (so nothing more of it is taken in). An admin's declared length over
 * the limit gets its 413 before reading too. The route keeps its Nest guard (`request.user` is set here as well).
 */
export function registerUploadGate(fastify: FastifyInstance, guard: AuthGuard): void {
  fastify.addHook('onRequest', async (request, reply) => {
    if (!isUploadRequest(request)) return;
    try {
      await guard.canActivate(uploadRouteContext(request, reply));
    } catch (refusal) {
      void reply.header('Connection', 'close');
      throw refusal;
    }
    const declaredLength = Number(request.headers['content-length'] ?? 0);
    if (declaredLength > BLOG_IMAGE_LIMITS.maxBytes) {
      // An admin's oversized file: node:http drops the rest unread-into-memory after the answer, so a proxy
      // still sending it passes our 413 on; a body past the drain limit is not worth taking in at all.
      if (declaredLength > DRAIN_LIMIT_BYTES) void reply.header('Connection', 'close');
      throw new BlogError('IMAGE_TOO_LARGE');
    }
  });
}
