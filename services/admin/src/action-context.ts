import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { AuthenticatedUser } from '@paycadence/nest-kit';
import type { FastifyRequest } from 'fastify';
import type { ActionContext } from './audit/audit-recorder.js';

/** The actor of an admin action from the guard's verified token, and where the request came from. */
export function actionContext(request: FastifyRequest & { user?: AuthenticatedUser }): ActionContext {
  const userAgent = request.headers['user-agent'];
  return {
    actorId: request.user!.id,
    actorEmail: request.user!.email ?? null,
    // request.ip believes X-Forwarded-For only from TRUSTED_PROXIES (the gateway; nest-kit's bootstrap).
    ip: request.ip ? request.ip.slice(0, 64) : null,
    userAgent: typeof userAgent === 'string' && userAgent ? userAgent.slice(0, 512) : null,
  };
}

/** `@Actor() actor: ActionContext` in a handler behind AuthGuard. */
export const Actor = createParamDecorator((_data: unknown, context: ExecutionContext) => actionContext(context.switchToHttp().getRequest()));
