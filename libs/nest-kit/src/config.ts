import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { Global, Inject, Module, type DynamicModule } from '@nestjs/common';
import { z } from 'zod';

/** An optional text variable: unset, empty or blank all mean "not set"; otherwise trimmed. */
export const optionalText = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() ? value.trim() : undefined));

/**
 * `<repo>/.data` for the local run (the nearest folder up from cwd holding package-lock.json), where services
 * keep what they generate once (keys) when DATA_DIR is unset; containers set DATA_DIR.
 */
export function defaultDataDir(cwd = process.cwd()): string {
  let dir = resolve(cwd);
  while (dirname(dir) !== dir) {
    if (existsSync(join(dir, 'package-lock.json'))) return join(dir, '.data');
    dir = dirname(dir);
  }
  return resolve(cwd, '.data');
}

/** Variables every service reads. A service extends this with its own (docs/conventions.md §1: fail fast). */
export const baseEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** Interface to listen on: all in a container; the launcher sets 127.0.0.1 (only the gateway is trusted). */
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z.string().url(),
  REDIS_URL: z.string().url().default('redis://127.0.0.1:6379'),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
});
export type BaseEnv = z.infer<typeof baseEnvSchema>;

export class InvalidEnvironmentError extends Error {}

/**
 * The variable that gives one service a database of its own: `DATABASE_URL_<SERVICE>`, the service's name
 * (its service-definition's `name`) upper-cased with dashes as underscores (finance: DATABASE_URL_FINANCE,
 * bank-sync: DATABASE_URL_BANK_SYNC). Unset or blank, the service uses DATABASE_URL like every other.
 */
export function serviceDatabaseUrlVariable(service: string): string {
  return `DATABASE_URL_${service.toUpperCase().replace(/-/g, '_')}`;
}

/**
 * The environment as the named service reads it: its own DATABASE_URL_<SERVICE>, when set, stands in for
 * DATABASE_URL, so everything downstream (the pool, the migrations, the service's scripts) reaches that
 * database without knowing there are several (docs/operations.md, "A database per service").
 */
export function serviceEnvironment(service: string, env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const own = env[serviceDatabaseUrlVariable(service)]?.trim();
  return own ? { ...env, DATABASE_URL: own } : env;
}

export interface LoadConfigOptions {
  /** The service whose DATABASE_URL_<SERVICE> applies (serviceEnvironment); none: DATABASE_URL alone. */
  service?: string;
}

/** Parses the environment once into a typed object; names every bad variable and stops start-up. */
export function loadConfig<T extends z.ZodType>(
  schema: T,
  env: NodeJS.ProcessEnv = process.env,
  { service }: LoadConfigOptions = {},
): z.infer<T> {
  const own = service ? serviceDatabaseUrlVariable(service) : undefined;
  const read = service ? serviceEnvironment(service, env) : env;
  const result = schema.safeParse(read);
  if (result.success) return result.data;
  // A bad database URL is named as the variable it came from, and a missing one with both the operator may set.
  const usedOwn = own !== undefined && read !== env;
  const variableName = (path: string) => {
    if (path !== 'DATABASE_URL' || own === undefined) return path;
    return usedOwn ? own : read.DATABASE_URL === undefined ? `DATABASE_URL (or ${own})` : path;
  };
  const problems = result.error.issues.map(
    (issue) => `${variableName(issue.path.join('.')) || '(root)'}: ${issue.message}`,
  );
  throw new InvalidEnvironmentError(`Invalid environment variables: ${problems.join('; ')}`);
}

/** The service's validated configuration (its env schema's output), injected with `@InjectServiceConfig()`. */
export const SERVICE_CONFIG = Symbol('SERVICE_CONFIG');

/** `@InjectServiceConfig() config: FinanceConfig`: the typed config, parsed once at start. */
export const InjectServiceConfig = () => Inject(SERVICE_CONFIG);

/** Provides `SERVICE_CONFIG` to every module of the service (the app factory registers it). */
@Global()
@Module({})
export class ServiceConfigModule {
  static forRoot<C extends BaseEnv>(config: C): DynamicModule {
    return {
      module: ServiceConfigModule,
      providers: [{ provide: SERVICE_CONFIG, useValue: config }],
      exports: [SERVICE_CONFIG],
    };
  }
}
