import { Inject, Module, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { AuthGuard, guardBeforeBody } from '@paycadence/nest-kit';
import type { FastifyInstance } from 'fastify';
import { isUploadRequest, registerStatementBodyParser } from './statement-body-parser.js';
import { StatementsController } from './statements.controller.js';
import { StatementsService } from './statements.service.js';

/** Statement files: OFX, QFX and CSV imports into file-fed accounts (docs/statement-files.md). */
@Module({
  controllers: [StatementsController],
  providers: [StatementsService],
})
export class StatementsModule implements OnModuleInit {
  constructor(
    @Inject(HttpAdapterHost) private readonly adapterHost: HttpAdapterHost,
    @Inject(AuthGuard) private readonly guard: AuthGuard,
  ) {}

  /** Before the app listens: the upload's authentication before its body, and the raw-bytes parser. */
  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    guardBeforeBody(fastify, this.guard, { matches: isUploadRequest, controller: StatementsController, handler: StatementsController.prototype.upload });
    registerStatementBodyParser(fastify);
  }
}
