import { Body, Controller, Delete, Get, Headers, HttpCode, Inject, Param, Post, UseGuards } from '@nestjs/common';
import {
  STATEMENT_FILE_NAME_HEADER,
  STATEMENT_MESSAGES,
  StatementImportRequestSchema,
  StatementPreviewRequestSchema,
  type StatementImportList,
  type StatementImportRequest,
  type StatementImportResponse,
  type StatementPreview,
  type StatementPreviewRequest,
  type StatementUndoResponse,
} from '@paycadence/contracts';
import { AuthGuard, CurrentUser, ZodBody, isRowId, type AuthenticatedUser } from '@paycadence/nest-kit';
import { StatementFileError } from './statement-file-error.js';
import { StatementsService } from './statements.service.js';

/** The name the browser sent (percent-encoded, as a header must be ASCII), trimmed to something a list can show. */
export function uploadedFileName(header: string | undefined): string {
  let name = 'statement';
  try {
    name = decodeURIComponent(header ?? '') || name;
  } catch {
    name = header || name;
  }
  // Control characters and path parts never reach a page or a log.
  const cleaned = [...name]
    .filter((char) => char >= ' ' && char !== '\u007f')
    .join('')
    .split(/[\\/]/)
    .pop()!
    .trim();
  return cleaned.slice(0, 120) || 'statement';
}

const uploadIdOf = (id: string) => {
  if (!isRowId(id)) throw new StatementFileError(STATEMENT_MESSAGES.uploadGone, 404, 'uploadId');
  return id;
};

/** Statement files (docs/statement-files.md): upload and preview, import, the imports list, and undo. Owner-scoped throughout. */
@Controller('api/plaid-production')
@UseGuards(AuthGuard)
export class StatementsController {
  constructor(@Inject(StatementsService) private readonly statements: StatementsService) {}

  /** The raw bytes (statement-body-parser.ts reads them, at most 5 MB). */
  @Post('statements')
  @HttpCode(200)
  upload(@CurrentUser() user: AuthenticatedUser, @Body() body: unknown, @Headers(STATEMENT_FILE_NAME_HEADER) name: string | undefined): Promise<StatementPreview> {
    // No body at all (Fastify hands an empty octet-stream body on as nothing) is an empty file; JSON is no file.
    if (body === undefined || body === null || (Buffer.isBuffer(body) && body.length === 0)) throw new StatementFileError(STATEMENT_MESSAGES.emptyFile);
    if (!Buffer.isBuffer(body)) throw new StatementFileError(STATEMENT_MESSAGES.wrongType, 415);
    return this.statements.upload(user.id, body, uploadedFileName(name));
  }

  @Post('statements/:uploadId/preview')
  @HttpCode(200)
  preview(@CurrentUser() user: AuthenticatedUser, @Param('uploadId') uploadId: string, @ZodBody(StatementPreviewRequestSchema) body: StatementPreviewRequest): Promise<StatementPreview> {
    return this.statements.preview(user.id, uploadIdOf(uploadId), body);
  }

  @Post('statements/:uploadId/import')
  @HttpCode(200)
  import(@CurrentUser() user: AuthenticatedUser, @Param('uploadId') uploadId: string, @ZodBody(StatementImportRequestSchema) body: StatementImportRequest): Promise<StatementImportResponse> {
    return this.statements.import(user.id, uploadIdOf(uploadId), body);
  }

  @Get('statement-imports')
  async list(@CurrentUser() user: AuthenticatedUser): Promise<StatementImportList> {
    return { success: true, imports: await this.statements.list(user.id) };
  }

  @Delete('statement-imports/:importId')
  @HttpCode(200)
  undo(@CurrentUser() user: AuthenticatedUser, @Param('importId') importId: string): Promise<StatementUndoResponse> {
    if (!isRowId(importId)) throw new StatementFileError(STATEMENT_MESSAGES.importNotFound, 404, 'importId');
    return this.statements.undo(user.id, importId);
  }
}
