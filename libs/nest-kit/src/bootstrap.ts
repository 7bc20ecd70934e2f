import 'reflect-metadata';
import { Module, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { z } from 'zod';
import { ClockModule, type Clock } from './clock.js';
import { loadConfig, ServiceConfigModule, type BaseEnv } from './config.js';
import { databaseModule } from './database.js';
import { HttpErrorFilter } from './errors.js';
import { HealthModule } from './health.js';
import { JsonLogger } from './json-logger.js';
import { RedisModule } from './redis.js';
import { acceptRequestId, REQUEST_ID_HEADER, runWithRequestId } from './request-context.js';
import { jsonBodyParser } from './json-body.js';
import { keepConnectionAfterOversizeBody, keepConnectionAfterRefusedBody } from './oversize-body.js';
import { loggedPath } from './secret-path.js';
import type { ModuleImport, ServiceDefinition } from './service-definition.js';
import { redisTransportOptions } from './transport/redis-transport.js';
import { trustedProxies } from './trusted-proxies.js';

const DEFAULT_BODY_LIMIT = 64 * 1024;

export interface ServiceAppOptions<Config extends BaseEnv> {
  /** The validated config; parsed from `env` with the service's schema when absent. */
  config?: Config;
  env?: NodeJS.ProcessEnv;
  /** Tests pass a fixed clock; production uses the system clock. */
  clock?: Clock;
  /** Tests pass a fresh schema per run; production uses the definition's. */
  databaseSchema?: string;
}

function resolveConfig<Env extends z.ZodType<BaseEnv>>(definition: ServiceDefinition<Env>, options: ServiceAppOptions<z.output<Env>>) {
  return options.config ?? loadConfig(definition.env, options.env ?? process.env, { service: definition.name });
}

/** TRUSTED_PROXIES from the service's config when its schema keeps it, else from the environment. */
function trustedProxiesSetting(config: BaseEnv, options: { env?: NodeJS.ProcessEnv }): string | undefined {
  const configured = (config as BaseEnv & { TRUSTED_PROXIES?: unknown }).TRUSTED_PROXIES;
  return typeof configured === 'string' ? configured : (options.env ?? process.env).TRUSTED_PROXIES;
}

/** The root module: config, clock, database (migrations run at start), then what the caller adds. */
function rootModule<Config extends BaseEnv>(
  definition: Pick<ServiceDefinition, 'database'>,
  config: Config,
  options: ServiceAppOptions<Config>,
  imports: ModuleImport[],
) {
  @Module({
    imports: [
      ServiceConfigModule.forRoot(config),
      ClockModule.forRoot(options.clock),
      databaseModule(() => ({
        ...definition.database,
        url: config.DATABASE_URL,
        schema: options.databaseSchema ?? definition.database.schema,
      })),
      ...imports,
    ],
  })
  class ServiceRootModule {}
  return ServiceRootModule;
}

export interface ServiceHttpOptions {
  /** Largest accepted request body in bytes (default 64 KiB: JSON forms only). */
  bodyLimit?: number;
  /** TRUSTED_PROXIES: the peers whose X-Forwarded-For counts (default loopback: the dev gateway). */
  trustedProxies?: string;
}

/** The Fastify adapter every service's HTTP app is built on: body limit, client address, request ids. */
export function serviceHttpAdapter(options: ServiceHttpOptions = {}): FastifyAdapter {
  return new FastifyAdapter({
    bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
    // request.ip, the one source of the client's address (throttles, audit): X-Forwarded-For counts only
    // through the peers named in TRUSTED_PROXIES (default loopback: the dev gateway), so a client that reaches
    // the service directly cannot choose its address.
    trustProxy: trustedProxies(options.trustedProxies),
    // A well-formed incoming X-Request-ID is kept (the gateway's), anything else replaced.
    genReqId: (req: { headers: Record<string, string | string[] | undefined> }) => acceptRequestId(req.headers[REQUEST_ID_HEADER]),
    // Errors Fastify meets before routing (a path with a broken percent escape) never reach Nest's filter:
    // answered here in the product's `{message}` shape instead of Fastify's own.
    frameworkErrors: (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
      // A bad URL or an over-long path segment is the client's doing (400, 414); anything else Fastify reports
      // here (a failing async route constraint) is the server's.
      const known = FRAMEWORK_ERRORS[error.code];
      if (known) void reply.code(known.status).send({ message: known.message });
      else void reply.code(500).send({ message: 'Something went wrong. Please try again.' });
    },
  });
}

/** A path that is not a valid URL path (a `%` that starts no escape). */
export const BAD_URL_MESSAGE = 'The address is not valid: a % in it must start an escape such as %20';
export const LONG_PATH_SEGMENT_MESSAGE = 'The address is too long: a part of its path is over 100 characters';
const FRAMEWORK_ERRORS: Record<string, { status: number; message: string } | undefined> = {
  FST_ERR_BAD_URL: { status: 400, message: BAD_URL_MESSAGE },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, message: LONG_PATH_SEGMENT_MESSAGE },
};

/**
 * The HTTP handling every service shares, on an app built over `serviceHttpAdapter` and not initialised yet:
 * the error filter, request ids, JSON request logs, the JSON body parser, and connections kept usable after a
 * refused body. `createServiceApp` applies it; a test builds a small app the same way with it.
 */
export function configureServiceHttp(app: NestFastifyApplication, logger: JsonLogger, options: Pick<ServiceHttpOptions, 'bodyLimit'> = {}): void {
  app.useGlobalFilters(new HttpErrorFilter(logger));
  const fastify = app.getHttpAdapter().getInstance();
  // Registered before Nest adds its default one, which it then leaves out.
  app.useBodyParser('application/json', { bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT }, jsonBodyParser(fastify));
  fastify.addHook('onRequest', (request, reply, done) => {
    // Clients send a JSON content type even with no body (docs/product/signed-in.md §7: sync-bank-data, accept-*): an
    // empty body is then no body, not a JSON parse error.
    if (request.headers['content-length'] === '0') delete request.headers['content-type'];
    reply.header(REQUEST_ID_HEADER, request.id);
    runWithRequestId(request.id, done);
  });
  fastify.addHook('onResponse', (request, reply, done) => {
    if (!request.url.startsWith('/health')) {
      logger.event(reply.statusCode >= 500 ? 'error' : 'info', 'request', {
        method: request.method,
        url: loggedPath(request),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      });
    }
    done();
  });
  keepConnectionAfterOversizeBody(fastify);
  keepConnectionAfterRefusedBody(fastify);
}

/**
 * The service's HTTP app (Fastify) with the shared HTTP handling (`configureServiceHttp`), graceful shutdown
 * on SIGTERM and, when the definition asks, the Redis transport (started). Not listening yet: the caller picks
 * the port (`startService` the configured one, tests an ephemeral one).
 */
export async function createServiceApp<Env extends z.ZodType<BaseEnv>>(
  definition: ServiceDefinition<Env>,
  options: ServiceAppOptions<z.output<Env>> = {},
): Promise<NestFastifyApplication> {
  const config = resolveConfig(definition, options);
  const logger = new JsonLogger(definition.name, config.LOG_LEVEL);
  const http = { bodyLimit: definition.bodyLimit, trustedProxies: trustedProxiesSetting(config, options) };
  const module = rootModule(definition, config, options, [
    RedisModule.forRoot(() => config.REDIS_URL),
    HealthModule,
    ...definition.imports(config),
  ]);
  const app = await NestFactory.create<NestFastifyApplication>(module, serviceHttpAdapter(http), { logger, bufferLogs: false });
  configureServiceHttp(app, logger, http);
  app.enableShutdownHooks(['SIGTERM', 'SIGINT']);

  if (definition.transport === 'redis') {
    app.connectMicroservice(redisTransportOptions(config.REDIS_URL));
    await app.startAllMicroservices();
  }
  return app;
}

/** `main.ts`: validates the environment, builds the app and listens on PORT/HOST until SIGTERM. */
export async function startService<Env extends z.ZodType<BaseEnv>>(
  definition: ServiceDefinition<Env>,
  options: ServiceAppOptions<z.output<Env>> = {},
): Promise<NestFastifyApplication> {
  const config = resolveConfig(definition, options);
  const app = await createServiceApp(definition, { ...options, config });
  await app.listen({ port: config.PORT, host: config.HOST });
  new JsonLogger(definition.name, config.LOG_LEVEL).event('info', 'listening', { port: config.PORT });
  return app;
}

/**
 * For a service's command-line entries: config, clock and the database (migrations applied) plus the given
 * modules, without HTTP, Redis or the rest of the service. Close it when done.
 */
export async function createServiceContext<Env extends z.ZodType<BaseEnv>>(
  definition: ServiceDefinition<Env>,
  { imports, ...options }: ServiceAppOptions<z.output<Env>> & { imports: (config: z.output<Env>) => ModuleImport[] },
): Promise<INestApplicationContext> {
  const config = resolveConfig(definition, options);
  const module = rootModule(definition, config, options, imports(config));
  return NestFactory.createApplicationContext(module, { logger: new JsonLogger(definition.name, 'warn') });
}
