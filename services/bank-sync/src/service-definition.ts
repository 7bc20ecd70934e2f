import { AuthKitModule, defineService, JobsModule, type ModuleImport } from '@paycadence/nest-kit';
import { AccountDataModule } from './account-data/account-data.module.js';
import { AccountsModule } from './accounts/accounts.module.js';
import { BankAccount } from './accounts/bank-account.entity.js';
import { AnalyticsModule } from './analytics/analytics.module.js';
import { bankSyncEnvSchema, type BankSyncConfig } from './config.js';
import { DetectionModule } from './detection/detection.module.js';
import { RecurringStream } from './detection/recurring-stream.entity.js';
import { GeneratorModule } from './generator/generator.module.js';
import { ItemsModule } from './items/items.module.js';
import { PlaidItem } from './items/plaid-item.entity.js';
import { migrations } from './migrations/index.js';
import { PlaidModule } from './plaid/plaid.module.js';
import { SyncSweepModule } from './sync/sync-sweep-schedule.js';
import { StatementsModule } from './statements/statements.module.js';
import { SyncModule } from './sync/sync.module.js';
import { BankTransaction } from './transactions/bank-transaction.entity.js';
import { TransactionsModule } from './transactions/transactions.module.js';
import { BankTransportModule } from './transport/transport.module.js';

/**
 * The modules of both entry points. The HTTP process (main.ts) only adds jobs; the worker (worker.ts) also
 * works the 'bank-sync' queue, SYNC_CONCURRENCY jobs at a time, and scales by running more of it.
 */
export function bankSyncModules(config: BankSyncConfig, role: 'http' | 'worker'): ModuleImport[] {
  return [
    AuthKitModule.forRoot(() => ({ jwksUrl: config.AUTH_JWKS_URL })),
    JobsModule.forRoot(() => ({
      redisUrl: config.REDIS_URL,
      keyPrefix: config.REDIS_KEY_PREFIX,
      processQueues: role === 'worker' ? ['bank-sync'] : [],
      concurrency: config.SYNC_CONCURRENCY,
      retryDelayMs: config.SYNC_RETRY_DELAY_MS,
      lockDurationMs: config.SYNC_JOB_LOCK_MS,
    })),
    PlaidModule,
    ItemsModule,
    SyncModule,
    DetectionModule,
    AccountsModule,
    TransactionsModule,
    AnalyticsModule,
    GeneratorModule,
    BankTransportModule,
    // Auth's export and deletion of an account arrive over the transport, which only the HTTP process listens on.
    ...(role === 'http' ? [AccountDataModule] : []),
    // Statement uploads arrive over HTTP; what an import changes is then detected on the queue like a sync's.
    ...(role === 'http' ? [StatementsModule] : []),
    // The sweep's scheduler: only processes that work the queue add it.
    ...(role === 'worker' ? [SyncSweepModule] : []),
  ];
}

/** The bank-sync service on the shared skeleton: the HTTP entry (main.ts); worker.ts runs the same code's jobs. */
export const serviceDefinition = defineService({
  name: 'bank-sync',
  env: bankSyncEnvSchema,
  database: { schema: 'bank_sync', entities: [PlaidItem, BankAccount, BankTransaction, RecurringStream], migrations },
  // Small JSON only: link and exchange requests, a disconnect, a statement's mapping, and Plaid's webhooks (a few
  // hundred bytes each). Statement files have their own limit (statements/statement-body-parser.ts).
  bodyLimit: 16 * 1024,
  transport: 'redis',
  imports: (config) => bankSyncModules(config, 'http'),
});
