import { Body, Controller, Get, Header, HttpCode, Inject, Post, Put, Req, UseGuards } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import {
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
} from '@payday/contracts';
import { AuthGuard, CurrentUser, ZodBody, bearerToken, type AuthenticatedUser } from '@payday/nest-kit';
import { requestOrigin } from '../audit/audit-trail.js';
import { AuthService } from './auth.service.js';
import { PasswordResetService } from './password-reset.service.js';

/** DESIGN §4's table plus spec part 1 §7's auth routes. Token answers are never cached. */
@Controller('api/auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    @Inject(PasswordResetService) private readonly passwordReset: PasswordResetService,
  ) {}

  @Post('register')
  @HttpCode(201)
  @Header('Cache-Control', 'no-store')
  register(@Body() body: unknown): Promise<SessionResponse> {
    return this.auth.register(body);
  }

  @Post('login')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  login(@ZodBody(LoginRequestSchema) body: { email: string; password: string }, @Req() request: FastifyRequest): Promise<LoginResponse> {
    return this.auth.login(body.email, body.password, requestOrigin(request));
  }

  @Post('refresh')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  refresh(@ZodBody(RefreshRequestSchema) body: { refresh_token: string }): Promise<RefreshResponse> {
    return this.auth.refresh(body.refresh_token);
  }

  /** The access token (if any) and the refresh token (if sent) say which sessions end; see AuthService.logout. */
  @Post('logout')
  @HttpCode(204)
  logout(@ZodBody(LogoutRequestSchema) body: { refresh_token?: string }, @Req() request: FastifyRequest): Promise<void> {
    return this.auth.logout(bearerToken(request), body.refresh_token);
  }

  @Get('me')
  @UseGuards(AuthGuard)
  @Header('Cache-Control', 'no-store')
  me(@CurrentUser() current: AuthenticatedUser): Promise<MeResponse> {
    return this.auth.me(current.id);
  }

  /** Same answer, at once, whether or not the account exists (issue 3; security review 3: the work runs after). */
  @Post('forgot-password')
  @HttpCode(200)
  forgotPassword(@ZodBody(ForgotPasswordRequestSchema) body: { email: string }, @Req() request: FastifyRequest): ForgotPasswordResponse {
    return this.passwordReset.requestReset(body.email, requestOrigin(request));
  }

  /** Bearer: the recovery token from the reset link (not an access token). */
  @Post('update-password')
  @HttpCode(200)
  updatePassword(@ZodBody(UpdatePasswordRequestSchema) body: { password: string }, @Req() request: FastifyRequest): Promise<UpdatePasswordResponse> {
    return this.passwordReset.resetPassword(bearerToken(request), body.password, requestOrigin(request));
  }

  /** spec part 1 §7: the screen reads `success` and `error`; field errors come as `errors` too. */
  @Put('update-profile')
  @HttpCode(200)
  @UseGuards(AuthGuard)
  updateProfile(@CurrentUser() current: AuthenticatedUser, @Body() body: unknown): Promise<UpdateProfileResponse> {
    return this.auth.updateProfile(current.id, body);
  }
}
