import { Controller, HttpCode, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import { QUEUE_BOARD_COOKIE, QUEUE_BOARD_PATH } from '@payday/contracts';
import { AuthGuard, bearerToken, JwtVerifier, Roles, type AuthenticatedUser } from '@payday/nest-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
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
 * itself) living no longer than the token, at most 15 minutes, held in a cookie scoped to the board's path.
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
    const session = await this.sessions.mint({ userId: user.id, role: user.role }, exp - Date.now() / 1000);
    reply.header('set-cookie', boardCookie(session.id, session.ttlSeconds));
    reply.header('cache-control', 'no-store');
  }
}
