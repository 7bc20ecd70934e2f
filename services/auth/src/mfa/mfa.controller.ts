import { Controller, ForbiddenException, Get, Header, HttpCode, Inject, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  AUTH_MESSAGES,
  MfaCodeRequestSchema,
  MfaSetupRequestSchema,
  MfaVerifyRequestSchema,
  type BackupCodesResponse,
  type MfaCodeRequest,
  type MfaResultResponse,
  type MfaSetupResponse,
  type MfaStatusResponse,
  type MfaVerifyRequest,
  type MfaVerifyResponse,
} from '@payday/contracts';
import { AuthGuard, CurrentUser, ZodBody, bearerToken, type AuthenticatedUser } from '@payday/nest-kit';
import { MfaRejectedError, MfaService } from './mfa.service.js';
import { MfaSignInService } from './mfa-sign-in.service.js';
import { SessionService } from '../sessions/session.service.js';
import { UsersService } from '../users/users.service.js';

/** spec part 1 §7 and DESIGN §3: a `{userId}` must be the token's subject (403 otherwise). */
function assertOwnUser(user: AuthenticatedUser, userId: string) {
  if (user.id !== userId) throw new ForbiddenException(AUTH_MESSAGES.mfaOtherUser);
}

/** Two-factor routes of spec part 1 §7; each needs the bearer access token except `verify` (the mfa_token). */
@Controller('api/mfa')
export class MfaController {
  constructor(
    private readonly mfa: MfaService,
    private readonly users: UsersService,
    private readonly sessions: SessionService,
    @Inject(MfaSignInService) private readonly signIn: MfaSignInService,
  ) {}

  @Get('status/:userId')
  @UseGuards(AuthGuard)
  @Header('Cache-Control', 'no-store')
  status(@CurrentUser() user: AuthenticatedUser, @Param('userId') userId: string): Promise<MfaStatusResponse> {
    assertOwnUser(user, userId);
    return this.mfa.status(userId);
  }

  @Post('setup')
  @HttpCode(200)
  @UseGuards(AuthGuard)
  @Header('Cache-Control', 'no-store')
  async setup(
    @CurrentUser() user: AuthenticatedUser,
    @ZodBody(MfaSetupRequestSchema) body: { userId: string },
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<MfaSetupResponse | MfaResultResponse> {
    assertOwnUser(user, body.userId);
    const account = await this.accountOf(user);
    return this.answer(reply, () => this.mfa.setup(user.id, account.email));
  }

  /**
   * Answers `{success: true, codes, aal}`: the 10 backup codes, shown once; the caller's session family is raised
   * to aal2 (the code proved the second factor; security review 5) and the user's other sessions end (review 7).
   */
  @Post('enable')
  @HttpCode(200)
  @UseGuards(AuthGuard)
  @Header('Cache-Control', 'no-store')
  async enable(
    @CurrentUser() user: AuthenticatedUser,
    @ZodBody(MfaCodeRequestSchema) body: MfaCodeRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<MfaResultResponse> {
    assertOwnUser(user, body.userId);
    const account = await this.accountOf(user);
    return this.answer(reply, async () => {
      const codes = await this.mfa.enable(account.id, account.email, body.token);
      await this.sessions.revokeOtherFamilies(account.id, user.sessionId);
      const raised = await this.sessions.raiseFamilyToAal2(account.id, user.sessionId);
      return raised ? { success: true, codes, aal: 'aal2' as const } : { success: true, codes };
    });
  }

  /** Turning 2FA off also ends the user's other sessions; the caller's stays (security review 7). */
  @Post('disable')
  @HttpCode(200)
  @UseGuards(AuthGuard)
  async disable(
    @CurrentUser() user: AuthenticatedUser,
    @ZodBody(MfaCodeRequestSchema) body: MfaCodeRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<MfaResultResponse> {
    assertOwnUser(user, body.userId);
    const account = await this.accountOf(user);
    return this.answer(reply, async () => {
      await this.mfa.disable(account.id, account.email, body.token);
      await this.sessions.revokeOtherFamilies(account.id, user.sessionId);
      return { success: true };
    });
  }

  /** The sign-in second step (bearer: the mfa_token from login); a session with aal2 when valid. */
  @Post('verify')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  async verify(
    @ZodBody(MfaVerifyRequestSchema) body: MfaVerifyRequest,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<MfaVerifyResponse> {
    const result = await this.signIn.verify(bearerToken(request), body.userId, body.token, request.ip);
    if (!result.valid) reply.status(401);
    return result;
  }

  /** Issues a NEW set of 10 and invalidates the old (stored hashed, so old ones cannot be shown again). */
  @Get('backup-codes/:userId')
  @UseGuards(AuthGuard)
  @Header('Cache-Control', 'no-store')
  async backupCodes(
    @CurrentUser() user: AuthenticatedUser,
    @Param('userId') userId: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<BackupCodesResponse | MfaResultResponse> {
    assertOwnUser(user, userId);
    return this.answer(reply, async () => {
      // Security review 5: a stolen password (an aal1 session) must not be able to mint backup codes.
      if (user.aal !== 'aal2') throw new MfaRejectedError(AUTH_MESSAGES.backupCodesNeedTwoFactor, 403);
      return { codes: await this.mfa.regenerateBackupCodes(user.id) };
    });
  }

  private async accountOf(user: AuthenticatedUser) {
    const account = await this.users.findById(user.id);
    if (!account) throw new ForbiddenException(AUTH_MESSAGES.mfaOtherUser);
    return account;
  }

  /** spec part 1 §7: a refused step answers `{success: false, error}` (plus `message`, like every error). */
  private async answer<T>(reply: FastifyReply, run: () => Promise<T>): Promise<T | MfaResultResponse> {
    try {
      return await run();
    } catch (error) {
      if (!(error instanceof MfaRejectedError)) throw error;
      reply.status(error.status);
      return { success: false, error: error.message, message: error.message } as MfaResultResponse;
    }
  }
}
