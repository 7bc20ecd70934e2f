import { join } from 'node:path';
import type { INestApplicationContext } from '@nestjs/common';
import { AuthKitModule, createServiceContext, JobsModule, MailModule, RedisModule, startWorkerContext, type Clock, type ModuleImport } from '@paycadence/nest-kit';
import { financeDataDir, financeQueueKeyPrefix, type FinanceConfig } from './config.js';
import { HouseholdsModule } from './households/households.module.js';
import { RemindersWorkerModule } from './reminders/reminders.module.js';
import { serviceDefinition } from './service-definition.js';

export interface FinanceWorkerOptions {
  config?: FinanceConfig;
  env?: NodeJS.ProcessEnv;
  clock?: Clock;
  /** Tests: the schema their HTTP harness created. */
  databaseSchema?: string;
  /** Serve GET /health and /health/ready on PORT (worker.ts does; in-process test workers do not). */
  serveHealth?: boolean;
}

/** The worker's modules: the 'reminders' queue on finance's own key prefix, e-mail, and what plans reminders. */
function workerModules(config: FinanceConfig): ModuleImport[] {
  return [
    RedisModule.forRoot(() => config.REDIS_URL),
    // DashboardModule's controllers name the AuthGuard, which needs the key set's settings even with no HTTP.
    AuthKitModule.forRoot(() => ({ jwksUrl: config.AUTH_JWKS_URL })),
    JobsModule.forRoot(() => ({ redisUrl: config.REDIS_URL, keyPrefix: financeQueueKeyPrefix(config), processQueues: ['reminders'], concurrency: 2 })),
    MailModule.forRoot(() => ({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, outboxDir: join(financeDataDir(config), 'outbox') })),
    HouseholdsModule,
    RemindersWorkerModule,
  ];
}

/**
 * finance's worker (dist/worker.js, started by the launcher like bank-sync's): reminder e-mails. An
 * application context without HTTP; run as many as wanted (each reminder is sent once). On SIGTERM it finishes
 * the e-mail it is sending. The HTTP entry runs the migrations of the tables it reads.
 */
export async function createFinanceWorker({ serveHealth = false, ...options }: FinanceWorkerOptions = {}): Promise<INestApplicationContext> {
  let resolved: FinanceConfig | undefined;
  const context = await createServiceContext(serviceDefinition, {
    ...options,
    imports: (config) => {
      resolved = config;
      return workerModules(config);
    },
  });
  return startWorkerContext(context, () => (serveHealth && resolved ? { port: resolved.PORT, host: resolved.HOST } : null));
}
