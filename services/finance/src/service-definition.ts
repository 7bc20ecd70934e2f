import { join } from 'node:path';
import { AuthKitModule, defineService, JobsModule, MailModule } from '@paycadence/nest-kit';
import { AccountDataModule } from './account-data/account-data.module.js';
import { BankSummary } from './bank-summary/bank-summary.entity.js';
import { BankSummaryModule } from './bank-summary/bank-summary.module.js';
import { BankSyncModule } from './bank-sync/bank-sync.module.js';
import { BankPayments } from './bill-status/bank-payments.entity.js';
import { BillPaidMark } from './bill-status/bill-paid-mark.entity.js';
import { BillStatusModule } from './bill-status/bill-status.module.js';
import { Bill } from './bills/bill.entity.js';
import { BillsModule } from './bills/bills.module.js';
import { CalendarFeed } from './calendar-feed/calendar-feed.entity.js';
import { CalendarFeedModule } from './calendar-feed/calendar-feed.module.js';
import { bankSyncQueueKeyPrefix, financeDataDir, financeEnvSchema } from './config.js';
import { DashboardModule } from './dashboard/dashboard.module.js';
import { ForecastSettingsRow } from './forecast/forecast-settings.entity.js';
import { ForecastSettingsModule } from './forecast/forecast-settings.module.js';
import { HouseholdCalendarModule } from './household-calendar/household-calendar.module.js';
import { HouseholdsModule } from './households/households.module.js';
import { IncomeSource } from './income/income-source.entity.js';
import { IncomeModule } from './income/income.module.js';
import { migrations } from './migrations/index.js';
import { DueDateMoveRow } from './planner/due-date-move.entity.js';
import { PlannerModule } from './planner/planner.module.js';
import { PushSubscriptionRow } from './push/push-subscription.entity.js';
import { PushModule } from './push/push.module.js';
import { REMINDER_ENTITIES, RemindersModule } from './reminders/reminders.module.js';
import { SavingsGoal } from './savings-goals/savings-goal.entity.js';
import { SavingsGoalsModule } from './savings-goals/savings-goals.module.js';
import { Suggestion } from './suggestions/suggestion.entity.js';
import { SuggestionsModule } from './suggestions/suggestions.module.js';

/**
 * The finance service on the shared skeleton: HTTP (the routes of docs/product/signed-in.md §7) plus the Redis transport
 * that bank-sync sends suggestions and the linked banks' figures over.
 */
export const serviceDefinition = defineService({
  name: 'finance',
  env: financeEnvSchema,
  database: { schema: 'finance', entities: [Bill, IncomeSource, SavingsGoal, Suggestion, BankSummary, CalendarFeed, ForecastSettingsRow, ...REMINDER_ENTITIES, BillPaidMark, BankPayments, DueDateMoveRow, PushSubscriptionRow], migrations },
  // JSON forms and suggestion batches only.
  bodyLimit: 256 * 1024,
  transport: 'redis',
  imports: (config) => [
    AuthKitModule.forRoot(() => ({ jwksUrl: config.AUTH_JWKS_URL })),
    // Producer only (no processQueues): POST /sync-bank-data's fallback puts `sync-user` on bank-sync's queue.
    JobsModule.forRoot(() => ({ redisUrl: config.REDIS_URL, keyPrefix: bankSyncQueueKeyPrefix(config) })),
    // The planner's letter to the biller, e-mailed to the person (the worker's reminders use the same outbox).
    MailModule.forRoot(() => ({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, outboxDir: join(financeDataDir(config), 'outbox') })),
    HouseholdsModule,
    BillsModule,
    IncomeModule,
    SavingsGoalsModule,
    SuggestionsModule,
    DashboardModule,
    BankSummaryModule,
    BankSyncModule,
    CalendarFeedModule,
    RemindersModule,
    PushModule,
    BillStatusModule,
    ForecastSettingsModule,
    HouseholdCalendarModule,
    AccountDataModule,
    PlannerModule,
  ],
});
