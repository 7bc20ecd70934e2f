import { Inject, Module, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { AuthGuard } from '@paycadence/nest-kit';
import type { FastifyInstance } from 'fastify';
import { AuditModule } from '../audit/audit.module.js';
import { BlogImagesService } from './blog-images.service.js';
import { registerImageBodyParser } from './image-body-parser.js';
import { IMAGE_STORE, type ImageStore } from './image-store.js';
import { imageStoreProvider } from './image-store.provider.js';
import { AdminImagesController, PublicImagesController } from './images.controller.js';
import { registerUploadGate } from './upload-gate.js';

@Module({
  imports: [AuditModule],
  controllers: [PublicImagesController, AdminImagesController],
  providers: [imageStoreProvider, BlogImagesService],
  exports: [BlogImagesService],
})
export class ImagesModule implements OnModuleInit, OnApplicationShutdown {
  constructor(
    @Inject(HttpAdapterHost) private readonly adapterHost: HttpAdapterHost,
    @Inject(IMAGE_STORE) private readonly store: ImageStore,
    @Inject(AuthGuard) private readonly guard: AuthGuard,
  ) {}

  /** Before the app listens: the upload's authentication before its body, and the raw-bytes parser. */
  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    registerUploadGate(fastify, this.guard);
    registerImageBodyParser(fastify);
  }

  onApplicationShutdown(): void {
    this.store.close?.();
  }
}
