import { Global, Inject, Module, type DynamicModule } from '@nestjs/common';
import { z } from 'zod';

/** Variables every service reads. A service extends this with its own (CONVENTIONS §1: fail fast). */
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

/** Parses the environment once into a typed object; names every bad variable and stops start-up. */
export function loadConfig<T extends z.ZodType>(schema: T, env: NodeJS.ProcessEnv = process.env): z.infer<T> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
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
    return { module: ServiceConfigModule, providers: [{ provide: SERVICE_CONFIG, useValue: config }], exports: [SERVICE_CONFIG] };
  }
}
