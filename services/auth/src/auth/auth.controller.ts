import { Body, Controller, Get, Header, HttpCode, Inject, Post, Put, Req, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  DEVICE_COOKIE,
  ForgotPasswordRequestSchema,
  LoginRequestSchema,
  LogoutRequestSchema,
  RefreshRequestSchema,
  UpdatePasswordRequestSchema,
  type ForgotPasswordResponse,
  type LoginResponse,
  type MeResponse,
  type RefreshResponse,
  type SessionResponse,
  type UpdatePasswordResponse,
  type UpdateProfileResponse,
} from '@paycadence/contracts';
import { AuthGuard, CurrentUser, ZodBody, bearerToken, type AuthenticatedUser } from '@paycadence/nest-kit';
import { requestOrigin } from '../audit/audit-trail.js';
import { AuthError, isAuthError } from '../errors.js';
import { clearRefreshCookie, cookieValue, crossSiteRefusal, refreshTokenFrom, withRefreshCookie } from '../sessions/refresh-cookie.js';
import { AuthService } from './auth.service.js';
import { APP_URL, PasswordResetService } from './password-reset.service.js';

/**
 * docs/security.md's table plus docs/product/accounts.md §7's auth routes. Token answers are never cached. The refresh token
 * never appears in a body: answers that start or rotate a session set it as the HttpOnly REFRESH_COOKIE
 * (docs/security.md).
 */
@Controller('api/auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    @Inject(PasswordResetService) private readonly passwordReset: PasswordResetService,
    @Inject(APP_URL) private readonly appUrl: string,
  ) {}

  @Post('register')
  @HttpCode(201)
  @Header('Cache-Control', 'no-store')
  async register(@Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<SessionResponse> {
    return withRefreshCookie(reply, await this.auth.register(body, requestOrigin(request)));
  }

  @Post('login')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  async login(
    @ZodBody(LoginRequestSchema) body: { email: string; password: string },
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<LoginResponse> {
    const device = cookieValue(request.headers, DEVICE_COOKIE.name);
    return withRefreshCookie(reply, await this.auth.login(body.email, body.password, requestOrigin(request), device));
  }

  /**
   * The only cookie-authenticated route, so the only one CSRF can reach: refused (403) without the CSRF
   * header or from another site. A refresh that fails for good (no, unknown, spent, revoked or expired cookie;
   * a suspended account) also clears the cookie, so the browser stops presenting it.
   */
  @Post('refresh')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  async refresh(
    @ZodBody(RefreshRequestSchema) _body: unknown,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<RefreshResponse> {
    if (crossSiteRefusal(request.headers, this.appUrl)) throw new AuthError('CROSS_SITE_REFUSED');
    try {
      return withRefreshCookie(reply, await this.auth.refresh(refreshTokenFrom(request.headers)));
    } catch (error) {
      if (isAuthError(error, 'INVALID_REFRESH_TOKEN') || isAuthError(error, 'ACCOUNT_SUSPENDED')) clearRefreshCookie(reply);
      throw error;
    }
  }

  /**
   * Sign-out by the bearer access token's session (`sid`): its refresh family is revoked and its access
   * tokens stop working on every service at once; the cookie is cleared whatever the outcome.
   */
  @Post('logout')
  @HttpCode(204)
  @Header('Cache-Control', 'no-store')
  async logout(
    @ZodBody(LogoutRequestSchema) _body: unknown,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<void> {
    clearRefreshCookie(reply);
    await this.auth.logout(bearerToken(request));
  }

  @Get('me')
  @UseGuards(AuthGuard)
  @Header('Cache-Control', 'no-store')
  me(@CurrentUser() current: AuthenticatedUser): Promise<MeResponse> {
    return this.auth.me(current.id);
  }

  /** Same answer, at once, whether or not the account exists (the work runs after). */
  @Post('forgot-password')
  @HttpCode(200)
  async forgotPassword(@ZodBody(ForgotPasswordRequestSchema) body: { email: string }, @Req() request: FastifyRequest): Promise<ForgotPasswordResponse> {
    return this.passwordReset.requestReset(body.email, requestOrigin(request));
  }

  /** Bearer: the recovery token from the reset link (not an access token). */
  @Post('update-password')
  @HttpCode(200)
  updatePassword(@ZodBody(UpdatePasswordRequestSchema) body: { password: string }, @Req() request: FastifyRequest): Promise<UpdatePasswordResponse> {
    return this.passwordReset.resetPassword(bearerToken(request), body.password, requestOrigin(request));
  }

  /** docs/product/accounts.md §7: the screen reads `success` and `error`; field errors come as `errors` too. */
  @Put('update-profile')
  @HttpCode(200)
  @UseGuards(AuthGuard)
  updateProfile(@CurrentUser() current: AuthenticatedUser, @Body() body: unknown): Promise<UpdateProfileResponse> {
    return this.auth.updateProfile(current.id, body);
  }
}
