import { Inject, Module, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { registerStatementBodyParser } from './statement-body-parser.js';
import { StatementsController } from './statements.controller.js';
import { StatementsService } from './statements.service.js';

/** Statement files: OFX, QFX and CSV imports into file-fed accounts (docs/statement-files.md). */
@Module({
  controllers: [StatementsController],
  providers: [StatementsService],
})
export class StatementsModule implements OnModuleInit {
  constructor(@Inject(HttpAdapterHost) private readonly adapterHost: HttpAdapterHost) {}

  /** Before the app listens: the upload route's raw-bytes parser. */
  onModuleInit(): void {
    registerStatementBodyParser(this.adapterHost.httpAdapter.getInstance<FastifyInstance>());
  }
}
