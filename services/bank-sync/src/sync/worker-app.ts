import type { INestApplicationContext } from '@nestjs/common';
import { createServiceContext, RedisModule, type Clock } from '@payday/nest-kit';
import type { BankSyncConfig } from '../config.js';
import { bankSyncModules, serviceDefinition } from '../service-definition.js';

export interface WorkerOptions {
  config?: BankSyncConfig;
  env?: NodeJS.ProcessEnv;
  clock?: Clock;
  /** Tests: the schema their HTTP harness created. */
  databaseSchema?: string;
}

/**
 * The worker of the same codebase: an application context without HTTP that works the 'bank-sync' queue
 * (SYNC_CONCURRENCY at a time). On SIGTERM it stops taking jobs and lets running passes finish (a pass cut
 * short commits nothing, so a replica killed outright is also safe).
 */
export async function createBankSyncWorker(options: WorkerOptions = {}): Promise<INestApplicationContext> {
  const context = await createServiceContext(serviceDefinition, {
    ...options,
    imports: (config) => [RedisModule.forRoot(() => config.REDIS_URL), ...bankSyncModules(config, 'worker')],
  });
  context.enableShutdownHooks(['SIGTERM', 'SIGINT']);
  await context.init();
  return context;
}
