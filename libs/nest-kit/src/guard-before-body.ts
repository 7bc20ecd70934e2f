import type { ExecutionContext, Type } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuthGuard } from './auth/auth.guard.js';

/** The route a raw upload goes to: which requests, and the controller method Nest would hand its guards. */
export interface GuardedUploadRoute {
  matches: (request: FastifyRequest) => boolean;
  controller: Type<unknown>;
  handler: (...args: never[]) => unknown;
}

/** The guarded route as Nest would hand it to its guards, so the gate and the route's own guard read the same rule. */
function routeContext(request: FastifyRequest, reply: FastifyReply, route: GuardedUploadRoute): ExecutionContext {
  const http = { getRequest: () => request, getResponse: () => reply, getNext: () => undefined };
  const args = [request, reply];
  const unsupported = () => {
    throw new Error('The upload gate runs for HTTP requests only');
  };
  return {
    getType: () => 'http',
    getClass: () => route.controller,
    getHandler: () => route.handler,
    getArgs: () => args,
    getArgByIndex: (index: number) => args[index],
    switchToHttp: () => http,
    switchToRpc: unsupported,
    switchToWs: unsupported,
  } as unknown as ExecutionContext;
}

/**
 * Fastify reads a body before Nest's guards run, so on its own an upload route would take in its whole limit (a few
 * MB) from anyone before answering 401. This `onRequest` hook (before any body is read) runs the route's AuthGuard
 * first: a caller without a valid token of an active account (or the route's role) gets the guard's own 401/403 at
 * once, the body unread, and the connection closed (so nothing more of it is taken in). The route keeps its Nest
 * guard (`request.user` is set here as well).
 */
export function guardBeforeBody(fastify: FastifyInstance, guard: AuthGuard, route: GuardedUploadRoute): void {
  fastify.addHook('onRequest', async (request, reply) => {
    if (!route.matches(request)) return;
    try {
      await guard.canActivate(routeContext(request, reply, route));
    } catch (refusal) {
      void reply.header('Connection', 'close');
      throw refusal;
    }
  });
}
