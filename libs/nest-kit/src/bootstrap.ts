import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { HttpErrorFilter } from './errors.js';
import { JsonLogger } from './json-logger.js';
import { REQUEST_ID_HEADER, runWithRequestId } from './request-context.js';

export interface StartServiceOptions {
  name: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  module: any;
  port: number;
  /** Interface to listen on (the service's HOST setting); all interfaces when absent. */
  host?: string;
  logLevel?: 'debug' | 'info' | 'warn' | 'error';
  /** Largest accepted request body in bytes (default 64 KiB: JSON forms only). */
  bodyLimit?: number;
}

/** Creates the Fastify-backed Nest app with the shared filter, request ids and logging; does not listen. */
export async function createServiceApp(options: StartServiceOptions): Promise<NestFastifyApplication> {
  const logger = new JsonLogger(options.name, options.logLevel ?? 'info');
  const adapter = new FastifyAdapter({
    bodyLimit: options.bodyLimit ?? 64 * 1024,
    // Trust exactly one hop (the gateway): request.ip is the address the gateway saw, not a client-supplied header.
    trustProxy: (_address: string, hop: number) => hop < 1,
    genReqId: (req: { headers: Record<string, string | string[] | undefined> }) => {
      const incoming = req.headers[REQUEST_ID_HEADER];
      return typeof incoming === 'string' && incoming.length <= 200 ? incoming : randomUUID();
    },
  });
  const app = await NestFactory.create<NestFastifyApplication>(options.module, adapter, { logger, bufferLogs: false });
  app.useGlobalFilters(new HttpErrorFilter(logger));
  app.enableShutdownHooks(['SIGTERM', 'SIGINT']);

  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    runWithRequestId(request.id, done);
  });
  fastify.addHook('onResponse', (request, reply, done) => {
    if (!request.url.startsWith('/health')) {
      logger.event(reply.statusCode >= 500 ? 'error' : 'info', 'request', {
        method: request.method,
        url: request.url.split('?')[0],
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      });
    }
    done();
  });
  return app;
}

/** Starts a service: listens on its port and drains gracefully on SIGTERM (Nest shutdown hooks). */
export async function startService(options: StartServiceOptions): Promise<NestFastifyApplication> {
  const app = await createServiceApp(options);
  await app.listen({ port: options.port, host: options.host ?? '0.0.0.0' });
  new JsonLogger(options.name, options.logLevel ?? 'info').event('info', 'listening', { port: options.port });
  return app;
}
