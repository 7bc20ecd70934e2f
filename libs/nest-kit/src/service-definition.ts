import type { DynamicModule, ForwardReference, Type } from '@nestjs/common';
import type { z } from 'zod';
import type { BaseEnv } from './config.js';
import type { ServiceDatabaseOptions } from './database.js';

export type ModuleImport = Type | DynamicModule | Promise<DynamicModule> | ForwardReference;

/**
 * Everything that makes one service, declared once in its `src/service-definition.ts` and used by its `main.ts`, its
 * integration tests and its command-line entries alike. The skeleton adds the rest: typed config
 * (`SERVICE_CONFIG`), `CLOCK`, the database on the service's own schema with its migrations, Redis,
 * `/health`, the error filter, request ids, JSON logs and graceful shutdown.
 */
export interface ServiceDefinition<Env extends z.ZodType<BaseEnv> = z.ZodType<BaseEnv>> {
  /** The service's name in logs (and the prefix of its test schemas). */
  name: string;
  /** Its zod env schema (`baseEnvSchema.extend(...)` in `src/config.ts`). */
  env: Env;
  /** Its PostgreSQL schema (docs/architecture.md: one per service), entities and checked-in migrations. */
  database: Pick<ServiceDatabaseOptions, 'schema' | 'entities' | 'migrations' | 'poolSize'>;
  /** The service's own modules; the config is there for library modules that take settings. */
  imports: (config: z.output<Env>) => ModuleImport[];
  /** Largest accepted request body in bytes (default 64 KiB: JSON forms only). */
  bodyLimit?: number;
  /** `redis`: also listen on the @nestjs/microservices Redis transport (REDIS_URL) for message patterns. */
  transport?: 'redis';
}

export type ServiceConfigOf<D> = D extends ServiceDefinition<infer Env> ? z.output<Env> : never;

/** Identity with type inference: `export const serviceDefinition = defineService({...})`. */
export function defineService<Env extends z.ZodType<BaseEnv>>(definition: ServiceDefinition<Env>): ServiceDefinition<Env> {
  return definition;
}
