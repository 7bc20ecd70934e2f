import { Controller, Header, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { stringifySetCookie } from 'cookie';
import {
  PASSKEY_CEREMONY_COOKIE,
  PasskeyOptionsRequestSchema,
  PasskeySignInRequestSchema,
  WEBAUTHN_CHALLENGE_SECONDS,
  type CredentialRequestOptionsResponse,
  type PasskeySignInRequest,
  type SessionResponse,
} from '@paycadence/contracts';
import { ZodBody } from '@paycadence/nest-kit';
import { requestOrigin } from '../audit/audit-trail.js';
import { cookieValue, withRefreshCookie } from '../sessions/refresh-cookie.js';
import { PasskeySignInService } from './passkey-sign-in.service.js';

/** The ceremony cookie: only the passkey routes see it, no script can read it, and it lives as long as its challenge. */
const ceremonyCookie = (value: string, maxAge: number) =>
  stringifySetCookie(PASSKEY_CEREMONY_COOKIE.name, value, { path: PASSKEY_CEREMONY_COOKIE.path, httpOnly: true, secure: true, sameSite: 'strict', maxAge });

/** Sign-in with a passkey, without a password (docs/passkeys.md). */
@Controller('api/auth/passkey')
export class PasskeyController {
  constructor(@Inject(PasskeySignInService) private readonly passkeys: PasskeySignInService) {}

  @Post('options')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  async options(
    @ZodBody(PasskeyOptionsRequestSchema) _body: unknown,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<CredentialRequestOptionsResponse> {
    const { options, ceremonyId } = await this.passkeys.options(requestOrigin(request));
    reply.header('set-cookie', ceremonyCookie(ceremonyId, WEBAUTHN_CHALLENGE_SECONDS));
    return { options };
  }

  /** A session at aal2, its refresh token in the cookie; the ceremony cookie is cleared whatever the outcome. */
  @Post('sign-in')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  async signIn(
    @ZodBody(PasskeySignInRequestSchema) body: PasskeySignInRequest,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SessionResponse> {
    reply.header('set-cookie', ceremonyCookie('', 0));
    const ceremonyId = cookieValue(request.headers, PASSKEY_CEREMONY_COOKIE.name);
    return withRefreshCookie(reply, await this.passkeys.signIn(ceremonyId, body.credential, requestOrigin(request)));
  }
}
