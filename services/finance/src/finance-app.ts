import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createServiceApp, redisTransportOptions } from '@payday/nest-kit';
import { createAppModule, FINANCE_SCHEMA, type FinanceModuleOptions } from './app.module.js';
import type { FinanceConfig } from './config.js';

/** JSON forms and suggestion batches only. */
export const FINANCE_BODY_LIMIT = 256 * 1024;

/**
 * The hybrid app: HTTP (the routes of spec part 2 §7) plus the Redis transport that bank-sync sends
 * suggestions over. Microservices are started; HTTP is not listening yet (the caller picks the port).
 */
export async function createFinanceApp(
  config: FinanceConfig,
  { schema = FINANCE_SCHEMA, ...options }: FinanceModuleOptions & { schema?: string } = {},
): Promise<NestFastifyApplication> {
  const app = await createServiceApp({
    name: 'finance',
    module: createAppModule(config, schema, options),
    port: config.PORT,
    logLevel: config.LOG_LEVEL,
    bodyLimit: FINANCE_BODY_LIMIT,
  });
  // spec part 2 §7: calls carry a JSON content type even with "no body" (sync-bank-data, accept-*); an
  // empty body is then no body, not a JSON parse error.
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onRequest', (request, _reply, done) => {
      if (request.headers['content-length'] === '0') delete request.headers['content-type'];
      done();
    });
  app.connectMicroservice(redisTransportOptions(config.REDIS_URL));
  await app.startAllMicroservices();
  return app;
}
