import { Controller, Get, Header, HttpCode, Inject, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
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
} from '@paycadence/contracts';
import { AuthGuard, CurrentUser, ZodBody, bearerToken, type AuthenticatedUser } from '@paycadence/nest-kit';
import { requestOrigin } from '../audit/audit-trail.js';
import { withRefreshCookie } from '../sessions/refresh-cookie.js';
import { MfaSettingsService } from './mfa-settings.service.js';
import { MfaSignInService } from './mfa-sign-in.service.js';

/**
 * Two-factor routes of docs/product/accounts.md §7; each needs the bearer access token except `verify` (the mfa_token).
 * A refused step answers `{success: false, error}` (AuthError codes with refusal fields).
 */
@Controller('api/mfa')
export class MfaController {
  constructor(
    @Inject(MfaSettingsService) private readonly settings: MfaSettingsService,
    @Inject(MfaSignInService) private readonly signIn: MfaSignInService,
  ) {}

  @Get('status/:userId')
  @UseGuards(AuthGuard)
  @Header('Cache-Control', 'no-store')
  status(@CurrentUser() user: AuthenticatedUser, @Param('userId') userId: string): Promise<MfaStatusResponse> {
    return this.settings.status(user, userId);
  }

  @Post('setup')
  @HttpCode(200)
  @UseGuards(AuthGuard)
  @Header('Cache-Control', 'no-store')
  setup(@CurrentUser() user: AuthenticatedUser, @ZodBody(MfaSetupRequestSchema) body: { userId: string }): Promise<MfaSetupResponse> {
    return this.settings.setup(user, body.userId);
  }

  /**
   * Answers `{success: true, codes, aal}`: the 10 backup codes, shown once (see MfaSettingsService.enable).
   * Needs the current password again besides the code (a borrowed session cannot do it).
   */
  @Post('enable')
  @HttpCode(200)
  @UseGuards(AuthGuard)
  @Header('Cache-Control', 'no-store')
  enable(@CurrentUser() user: AuthenticatedUser, @ZodBody(MfaCodeRequestSchema) body: MfaCodeRequest, @Req() request: FastifyRequest): Promise<MfaResultResponse> {
    return this.settings.enable(user, body, requestOrigin(request));
  }

  /** Needs the current password again besides the code, like enable. */
  @Post('disable')
  @HttpCode(200)
  @UseGuards(AuthGuard)
  @Header('Cache-Control', 'no-store')
  disable(@CurrentUser() user: AuthenticatedUser, @ZodBody(MfaCodeRequestSchema) body: MfaCodeRequest, @Req() request: FastifyRequest): Promise<MfaResultResponse> {
    return this.settings.disable(user, body, requestOrigin(request));
  }

  /**
   * The sign-in second step (bearer: the mfa_token from login); a session with aal2 when valid, its refresh
   * token in the cookie.
   */
  @Post('verify')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  async verify(
    @ZodBody(MfaVerifyRequestSchema) body: MfaVerifyRequest,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<MfaVerifyResponse> {
    return withRefreshCookie(reply, await this.signIn.verify(bearerToken(request), body.userId, body.token, requestOrigin(request)));
  }

  /** Issues a NEW set of 10 and invalidates the old; needs a session that passed the second factor. */
  @Get('backup-codes/:userId')
  @UseGuards(AuthGuard)
  @Header('Cache-Control', 'no-store')
  backupCodes(@CurrentUser() user: AuthenticatedUser, @Param('userId') userId: string): Promise<BackupCodesResponse> {
    return this.settings.regenerateBackupCodes(user, userId);
  }
}
