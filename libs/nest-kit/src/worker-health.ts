import http from 'node:http';
import type { INestApplicationContext } from '@nestjs/common';
import { HealthController } from './health.js';
import { REDIS } from './redis.js';
import { DataSource } from 'typeorm';

/**
 * A worker's probes, as every service answers them (GET /health, GET /health/ready: database and Redis
 * reachable) on a bare node:http server: the worker has no API, so no Nest HTTP app with its controllers.
 */
export async function serveWorkerHealth(context: INestApplicationContext, port: number, host: string): Promise<http.Server> {
  const health = new HealthController(context.get(DataSource), context.get(REDIS));
  const server = http.createServer((request, response) => {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'GET') return send(405, { message: 'Method not allowed' });
    if (path === '/health') return send(200, health.live());
    if (path === '/health/ready') {
      return void health.ready().then(
        (body) => send(200, body),
        (error: { getResponse?: () => unknown }) => send(503, error.getResponse?.() ?? { message: 'Service not ready' }),
      );
    }
    return send(404, { message: 'Not found' });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  return server;
}

/**
 * Starts a worker's application context: init, then (when `health()` names a port) its probes, closed with the
 * context after the workers drained, so probes answer until then; shutdown hooks on SIGTERM/SIGINT. A failed
 * start (a missing job handler, a health port in use) closes what it opened before rethrowing.
 * `health` is read after init because the service's config is resolved during it.
 */
export async function startWorkerContext(
  context: INestApplicationContext,
  health: () => { port: number; host: string } | null,
): Promise<INestApplicationContext> {
  try {
    await context.init();
    const probes = health();
    if (probes) {
      const server = await serveWorkerHealth(context, probes.port, probes.host);
      const close = context.close.bind(context);
      context.close = async () => {
        await close();
        await new Promise((resolve) => server.close(resolve));
      };
    }
  } catch (error) {
    await context.close().catch(() => undefined);
    throw error;
  }
  context.enableShutdownHooks(['SIGTERM', 'SIGINT']);
  return context;
}
