import { Controller, Header, HttpCode, Inject, Post, Req, UseGuards } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import {
  ConfirmEmailRequestSchema,
  ResendConfirmationRequestSchema,
  type ConfirmEmailRequest,
  type ConfirmEmailResponse,
  type ResendConfirmationResponse,
} from '@paycadence/contracts';
import { AuthGuard, CurrentUser, ZodBody, type AuthenticatedUser } from '@paycadence/nest-kit';
import { requestOrigin } from '../audit/audit-trail.js';
import { EmailConfirmationService } from './email-confirmation.service.js';

/**
 * The confirmation page posts the link's token here (it came in the URL's fragment, so no access log holds it);
 * no session is needed, as people open the e-mail on another device. The signed-in person asks for a new link.
 */
@Controller('api/auth/confirm-email')
export class EmailConfirmationController {
  constructor(@Inject(EmailConfirmationService) private readonly confirmations: EmailConfirmationService) {}

  @Post()
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  confirm(
    @ZodBody(ConfirmEmailRequestSchema) body: ConfirmEmailRequest,
    @Req() request: FastifyRequest,
  ): Promise<ConfirmEmailResponse> {
    return this.confirmations.confirm(body.token, requestOrigin(request));
  }

  @Post('resend')
  @HttpCode(200)
  @UseGuards(AuthGuard)
  @Header('Cache-Control', 'no-store')
  resend(
    @ZodBody(ResendConfirmationRequestSchema) _body: unknown,
    @CurrentUser() current: AuthenticatedUser,
  ): Promise<ResendConfirmationResponse> {
    return this.confirmations.resend(current.id);
  }
}
