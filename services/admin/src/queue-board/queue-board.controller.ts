import { Controller, Delete, HttpCode, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import { QUEUE_BOARD_COOKIE, QUEUE_BOARD_PATH } from '@paycadence/contracts';
import { AuthGuard, bearerToken, JwtVerifier, Roles, type AuthenticatedUser } from '@paycadence/nest-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { cookieValue } from './queue-board-access.js';
import { QueueBoardSessions } from './queue-board-sessions.js';

/**
 * The Set-Cookie value that lets the browser open the board while its session lives. Always Secure: the
 * board's credential must never travel over plain http, even behind a proxy that terminates TLS before the
 * gateway (browsers accept Secure cookies from http://localhost, so local stacks work as they are).
 */
export function boardCookie(sessionId: string, maxAgeSeconds: number): string {
  return [
    `${QUEUE_BOARD_COOKIE}=${encodeURIComponent(sessionId)}`,
    `Path=${QUEUE_BOARD_PATH}`,
    `Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}`,
    'HttpOnly',
    'SameSite=Strict',
    'Secure',
  ].join('; ');
}

/**
 * POST /api/admin/queues/session: an admin's bearer token buys a board session (a random id, never the token
 * itself) living no longer than the token, at most 15 minutes, and no longer than the sign-in session the token
 * belongs to (its `sid`, checked by QueueBoardAccess), held in a cookie scoped to the board's path.
 * DELETE /api/admin/queues/session: ends the caller's board session of that cookie and clears the cookie (the
 * admin console's sign-out, before the token goes; an HttpOnly cookie can only be cleared by an answer).
 */
@Controller('api/admin/queues')
@UseGuards(AuthGuard)
@Roles('admin')
export class QueueBoardController {
  constructor(
    @Inject(JwtVerifier) private readonly verifier: JwtVerifier,
    @Inject(QueueBoardSessions) private readonly sessions: QueueBoardSessions,
  ) {}

  @Post('session')
  @HttpCode(204)
  async session(@Req() request: FastifyRequest & { user?: AuthenticatedUser }, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    // The guard just verified this token; its expiry bounds the session's life.
    const { exp } = await this.verifier.verifyClaims(bearerToken(request)!, 'access');
    const user = request.user!;
    const session = await this.sessions.mint({ userId: user.id, role: user.role, sessionId: user.sessionId }, exp - Date.now() / 1000);
    reply.header('set-cookie', boardCookie(session.id, session.ttlSeconds));
    reply.header('cache-control', 'no-store');
  }

  /** Ends the board session only when it is the caller's own; the cookie is cleared in any case. */
  @Delete('session')
  @HttpCode(204)
  async end(@Req() request: FastifyRequest & { user?: AuthenticatedUser }, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    const sessionId = cookieValue(request.headers.cookie, QUEUE_BOARD_COOKIE);
    const session = sessionId ? await this.sessions.find(sessionId) : null;
    if (sessionId && session?.userId === request.user!.id) await this.sessions.end(sessionId);
    reply.header('set-cookie', boardCookie('', 0));
    reply.header('cache-control', 'no-store');
  }
}
