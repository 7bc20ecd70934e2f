import type { INestApplicationContext } from '@nestjs/common';
import { createServiceContext, RedisModule, type Clock, type ModuleImport } from '@payday/nest-kit';
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
}

/**
 * The worker of the same codebase: an application context without HTTP that works the 'bank-sync' queue
 * (SYNC_CONCURRENCY at a time). On SIGTERM it stops taking jobs and lets running passes finish (a pass cut
 * short commits nothing, so a replica killed outright is also safe).
 */
export async function createBankSyncWorker({ extraImports = [], ...options }: WorkerOptions = {}): Promise<INestApplicationContext> {
  const context = await createServiceContext(serviceDefinition, {
    ...options,
    imports: (config) => [RedisModule.forRoot(() => config.REDIS_URL), ...bankSyncModules(config, 'worker'), ...extraImports],
  });
  try {
    await context.init();
  } catch (error) {
    // A missing job handler (or any start-up failure) must not leave connections open.
    await context.close().catch(() => undefined);
    throw error;
  }
  context.enableShutdownHooks(['SIGTERM', 'SIGINT']);
  return context;
}
