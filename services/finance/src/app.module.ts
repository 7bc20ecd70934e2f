import { Module } from '@nestjs/common';
import { AuthKitModule, HealthModule, RedisModule, databaseModule } from '@payday/nest-kit';
import { BankSyncModule } from './bank-sync/bank-sync.module.js';
import { Bill } from './bills/bill.entity.js';
import { BillsModule } from './bills/bills.module.js';
import type { Clock } from './clock/clock.js';
import { ClockModule } from './clock/clock.module.js';
import type { FinanceConfig } from './config.js';
import { DashboardModule } from './dashboard/dashboard.module.js';
import { IncomeSource } from './income/income-source.entity.js';
import { IncomeModule } from './income/income.module.js';
import { migrations } from './migrations/index.js';
import { SavingsGoal } from './savings-goals/savings-goal.entity.js';
import { SavingsGoalsModule } from './savings-goals/savings-goals.module.js';
import { Suggestion } from './suggestions/suggestion.entity.js';
import { SuggestionsModule } from './suggestions/suggestions.module.js';

export const FINANCE_SCHEMA = 'finance';

export interface FinanceModuleOptions {
  /** Tests freeze the date the rules see; production uses the system clock (UTC). */
  clock?: Clock;
}

/** The app module for a given configuration (tests pass their own schema and clock). */
export function createAppModule(config: FinanceConfig, schema = FINANCE_SCHEMA, options: FinanceModuleOptions = {}) {
  @Module({
    imports: [
      databaseModule(() => ({
        url: config.DATABASE_URL,
        schema,
        entities: [Bill, IncomeSource, SavingsGoal, Suggestion],
        migrations,
      })),
      RedisModule.forRoot(() => config.REDIS_URL),
      AuthKitModule.forRoot(() => ({ jwksUrl: config.AUTH_JWKS_URL })),
      ClockModule.forRoot(options.clock),
      HealthModule,
      BillsModule,
      IncomeModule,
      SavingsGoalsModule,
      SuggestionsModule,
      DashboardModule,
      BankSyncModule,
    ],
  })
  class AppModule {}
  return AppModule;
}
