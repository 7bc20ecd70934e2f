import type { INestApplicationContext } from '@nestjs/common';
import { createServiceContext, RedisModule, startWorkerContext, type Clock, type ModuleImport } from '@paycadence/nest-kit';
import type { BankSyncConfig } from '../config.js';
import { bankSyncModules, serviceDefinition } from '../service-definition.js';

export interface WorkerOptions {
  config?: BankSyncConfig;
  env?: NodeJS.ProcessEnv;
  clock?: Clock;
  /** Tests: the schema their HTTP harness created. */
  databaseSchema?: string;
  /** Tests: modules added to the worker's (e.g. a stand-in handler). */
  extraImports?: ModuleImport[];
  /** Serve GET /health and /health/ready on PORT (worker.ts does; in-process test workers do not). */
  serveHealth?: boolean;
}

/**
 * The worker of the same codebase: an application context without HTTP that works the 'bank-sync' queue
 * (SYNC_CONCURRENCY at a time). On SIGTERM it stops taking jobs and lets running passes finish (a pass cut
 * short commits nothing, so a replica killed outright is also safe).
 */
export async function createBankSyncWorker({ extraImports = [], serveHealth = false, ...options }: WorkerOptions = {}): Promise<INestApplicationContext> {
  let resolved: BankSyncConfig | undefined;
  const context = await createServiceContext(serviceDefinition, {
    ...options,
    imports: (config) => {
      resolved = config;
      return [RedisModule.forRoot(() => config.REDIS_URL), ...bankSyncModules(config, 'worker'), ...extraImports];
    },
  });
  return startWorkerContext(context, () => (serveHealth && resolved ? { port: resolved.PORT, host: resolved.HOST } : null));
}
