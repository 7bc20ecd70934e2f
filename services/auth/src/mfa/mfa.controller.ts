import { Controller, Get, Header, HttpCode, Inject, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  AddSecurityKeyRequestSchema,
  MfaCodeRequestSchema,
  MfaDisableRequestSchema,
  MfaKeyVerifyRequestSchema,
  MfaSetupRequestSchema,
  MfaVerifyRequestSchema,
  RemoveSecurityKeyRequestSchema,
  SecurityKeyOptionsRequestSchema,
  type AddSecurityKeyRequest,
  type BackupCodesResponse,
  type CredentialCreationOptionsResponse,
  type CredentialRequestOptionsResponse,
  type MfaCodeRequest,
  type MfaDisableRequest,
  type MfaKeyVerifyRequest,
  type MfaResultResponse,
  type MfaSetupResponse,
  type MfaStatusResponse,
  type MfaVerifyRequest,
  type MfaVerifyResponse,
  type RemoveSecurityKeyRequest,
  type SecurityKeyOptionsRequest,
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

  /** Needs the current password again besides a code (the app's or a backup code) or an assertion of a key. */
  @Post('disable')
  @HttpCode(200)
  @UseGuards(AuthGuard)
  @Header('Cache-Control', 'no-store')
  disable(@CurrentUser() user: AuthenticatedUser, @ZodBody(MfaDisableRequestSchema) body: MfaDisableRequest, @Req() request: FastifyRequest): Promise<MfaResultResponse> {
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

  // Security keys and passkeys (docs/passkeys.md). Each ceremony's challenge is bound to the session (or the
  // mfa_token) that asked for its options, and answers once.

  @Post('keys/registration-options')
  @HttpCode(200)
  @UseGuards(AuthGuard)
  @Header('Cache-Control', 'no-store')
  keyRegistrationOptions(
    @CurrentUser() user: AuthenticatedUser,
    @ZodBody(SecurityKeyOptionsRequestSchema) body: SecurityKeyOptionsRequest,
  ): Promise<CredentialCreationOptionsResponse> {
    return this.settings.keyRegistrationOptions(user, body.userId);
  }

  /** Needs the current password again; answers the backup codes when the key turned two-factor on. */
  @Post('keys')
  @HttpCode(200)
  @UseGuards(AuthGuard)
  @Header('Cache-Control', 'no-store')
  addKey(@CurrentUser() user: AuthenticatedUser, @ZodBody(AddSecurityKeyRequestSchema) body: AddSecurityKeyRequest, @Req() request: FastifyRequest): Promise<MfaResultResponse> {
    return this.settings.addKey(user, body, requestOrigin(request));
  }

  @Post('keys/:id/remove')
  @HttpCode(200)
  @UseGuards(AuthGuard)
  @Header('Cache-Control', 'no-store')
  removeKey(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
    @ZodBody(RemoveSecurityKeyRequestSchema) body: RemoveSecurityKeyRequest,
    @Req() request: FastifyRequest,
  ): Promise<MfaResultResponse> {
    return this.settings.removeKey(user, id, body, requestOrigin(request));
  }

  @Post('keys/assertion-options')
  @HttpCode(200)
  @UseGuards(AuthGuard)
  @Header('Cache-Control', 'no-store')
  keyAssertionOptions(
    @CurrentUser() user: AuthenticatedUser,
    @ZodBody(SecurityKeyOptionsRequestSchema) body: SecurityKeyOptionsRequest,
  ): Promise<CredentialRequestOptionsResponse> {
    return this.settings.keyAssertionOptions(user, body.userId);
  }

  /** The code step's "Use your security key" (bearer: the mfa_token from login). */
  @Post('keys/sign-in-options')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  keySignInOptions(@ZodBody(SecurityKeyOptionsRequestSchema) body: SecurityKeyOptionsRequest, @Req() request: FastifyRequest): Promise<CredentialRequestOptionsResponse> {
    return this.signIn.keyOptions(bearerToken(request), body.userId);
  }

  /** Like verify, with a key's assertion instead of a code (bearer: the mfa_token). */
  @Post('verify-key')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  async verifyKey(
    @ZodBody(MfaKeyVerifyRequestSchema) body: MfaKeyVerifyRequest,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<MfaVerifyResponse> {
    return withRefreshCookie(reply, await this.signIn.verifyKey(bearerToken(request), body.userId, body.credential, requestOrigin(request)));
  }
}
