import { Controller, HttpCode, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import { QUEUE_BOARD_COOKIE, QUEUE_BOARD_PATH } from '@payday/contracts';
import { AuthGuard, bearerToken, JwtVerifier, Roles } from '@payday/nest-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Whether the client reached the gateway over https (the gateway says so in X-Forwarded-Proto). */
function overHttps(request: FastifyRequest): boolean {
  const forwarded = request.headers['x-forwarded-proto'];
  const proto = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim().toLowerCase();
  return request.protocol === 'https' || proto === 'https';
}

/** The Set-Cookie value that lets the browser open the board for at most the token's remaining life. */
export function boardCookie(token: string, maxAgeSeconds: number, secure: boolean): string {
  return [
    `${QUEUE_BOARD_COOKIE}=${encodeURIComponent(token)}`,
    `Path=${QUEUE_BOARD_PATH}`,
    `Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

/** POST /api/admin/queues/session: an admin's bearer token becomes a cookie scoped to the board's path. */
@Controller('api/admin/queues')
@UseGuards(AuthGuard)
@Roles('admin')
export class QueueBoardController {
  constructor(@Inject(JwtVerifier) private readonly verifier: JwtVerifier) {}

  @Post('session')
  @HttpCode(204)
  async session(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    // The guard just verified this token; its expiry bounds the cookie's life.
    const token = bearerToken(request)!;
    const { exp } = await this.verifier.verifyClaims(token, 'access');
    reply.header('set-cookie', boardCookie(token, exp - Date.now() / 1000, overHttps(request)));
    reply.header('cache-control', 'no-store');
  }
}
