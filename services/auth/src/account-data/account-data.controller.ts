import { Controller, Get, Header, HttpCode, Inject, Post, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { AccountDeleteRequestSchema, accountExportFileName, type AccountDeleteRequest, type AccountDeleteResponse } from '@paycadence/contracts';
import { AuthGuard, CurrentUser, ZodBody, type AuthenticatedUser } from '@paycadence/nest-kit';
import { AccountDeletionService } from './account-deletion.service.js';
import { AccountExportService } from './account-export.service.js';

/** Settings → Your data: the export download and the account's deletion. */
@Controller('api/auth/account')
@UseGuards(AuthGuard)
export class AccountDataController {
  constructor(
    @Inject(AccountExportService) private readonly exports: AccountExportService,
    @Inject(AccountDeletionService) private readonly deletion: AccountDeletionService,
  ) {}

  /** GET /api/auth/account/export: application/zip, a download, never cached anywhere. */
  @Get('export')
  async export(@CurrentUser() current: AuthenticatedUser, @Res() reply: FastifyReply): Promise<void> {
    const { zip, exportedAt } = await this.exports.archive(current.id);
    await reply
      .header('Content-Type', 'application/zip')
      .header('Content-Disposition', `attachment; filename="${accountExportFileName(exportedAt.toISOString())}"`)
      .header('Cache-Control', 'no-store')
      .send(Buffer.from(zip));
  }

  /** POST /api/auth/account/delete: 200 `{status: deleted|pending}`; a wrong password or code is 400 and nothing changes. */
  @Post('delete')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  delete(@CurrentUser() current: AuthenticatedUser, @ZodBody(AccountDeleteRequestSchema) body: AccountDeleteRequest): Promise<AccountDeleteResponse> {
    return this.deletion.delete(current.id, body);
  }
}
