import { Body, Controller, Get, Header, HttpCode, Inject, Post, Put, Req, Res, UnauthorizedException, UseGuards } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  AUTH_MESSAGES,
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
import { AuthGuard, CurrentUser, JwtVerifier, ValidationFailedError, ZodBody, bearerToken, type AuthenticatedUser } from '@payday/nest-kit';
import { AccountSuspendedError, SessionService } from '../sessions/session.service.js';
import { UsersService } from '../users/users.service.js';
import { AuthService } from './auth.service.js';
import { PasswordResetService } from './password-reset.service.js';

/** DESIGN §4's table plus spec part 1 §7's auth routes. Token answers are never cached. */
@Controller('api/auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly sessions: SessionService,
    private readonly users: UsersService,
    @Inject(PasswordResetService) private readonly passwordReset: PasswordResetService,
    @Inject(JwtVerifier) private readonly verifier: JwtVerifier,
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
    return this.auth.login(body.email, body.password, request.ip);
  }

  @Post('refresh')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  async refresh(@ZodBody(RefreshRequestSchema) body: { refresh_token: string }): Promise<RefreshResponse> {
    const { session } = await this.sessions.rotate(body.refresh_token);
    return { session };
  }

  /**
   * Ends the caller's session family and the family of the refresh token sent. A valid access token ends its
   * own family (and the refresh token's only when it is theirs); without one (none, or expired: security
   * review 7) the refresh token alone is enough to end its own family. Neither: 401.
   */
  @Post('logout')
  @HttpCode(204)
  async logout(@ZodBody(LogoutRequestSchema) body: { refresh_token?: string }, @Req() request: FastifyRequest): Promise<void> {
    const accessToken = bearerToken(request);
    const user = accessToken ? await this.verifier.verifyAccessToken(accessToken).catch(() => null) : null;
    if (!user && !body.refresh_token) throw new UnauthorizedException(AUTH_MESSAGES.sessionExpired);
    if (user?.sessionId) await this.sessions.revokeFamily(user.sessionId);
    if (body.refresh_token) await this.sessions.revokeByToken(body.refresh_token, user?.id);
  }

  @Get('me')
  @UseGuards(AuthGuard)
  @Header('Cache-Control', 'no-store')
  async me(@CurrentUser() current: AuthenticatedUser): Promise<MeResponse> {
    const user = await this.users.findById(current.id);
    if (!user) throw new UnauthorizedException(AUTH_MESSAGES.sessionExpired);
    // Security review 7: a suspended account's still-valid access token opens nothing here either.
    if (user.status === 'suspended') throw new AccountSuspendedError();
    return { user: await this.users.view(user, true) };
  }

  /** Same answer, at once, whether or not the account exists (issue 3; security review 3: the work runs after). */
  @Post('forgot-password')
  @HttpCode(200)
  forgotPassword(@ZodBody(ForgotPasswordRequestSchema) body: { email: string }): ForgotPasswordResponse {
    this.passwordReset.requestReset(body.email);
    return { message: AUTH_MESSAGES.forgotPasswordSent };
  }

  /** Bearer: the recovery token from the reset link (not an access token). */
  @Post('update-password')
  @HttpCode(200)
  async updatePassword(
    @ZodBody(UpdatePasswordRequestSchema) body: { password: string },
    @Req() request: FastifyRequest,
  ): Promise<UpdatePasswordResponse> {
    await this.passwordReset.resetPassword(bearerToken(request), body.password);
    return { success: true };
  }

  /** spec part 1 §7: the screen reads `success` and `error`; field errors come as `errors` too. */
  @Put('update-profile')
  @HttpCode(200)
  @UseGuards(AuthGuard)
  async updateProfile(
    @CurrentUser() current: AuthenticatedUser,
    @Body() body: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<UpdateProfileResponse> {
    const user = await this.users.findById(current.id);
    if (!user) throw new UnauthorizedException(AUTH_MESSAGES.profileLoginAgain);
    try {
      return { success: true, user: await this.auth.updateProfile(user, this.auth.parseProfile(body)) };
    } catch (error) {
      if (!(error instanceof ValidationFailedError)) throw error;
      reply.status(400);
      return { success: false, error: error.message, message: error.message, errors: error.errors };
    }
  }
}
