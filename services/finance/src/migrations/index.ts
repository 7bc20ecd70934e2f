import { CreateFinanceTables1763856000000 } from './1763856000000-create-finance-tables.js';
import { CreateDataVersions1763856100000 } from './1763856100000-create-data-versions.js';
import { SuggestionBillRecurrence1795595263000 } from './1795595263000-suggestion-bill-recurrence.js';
import { CreateBankSummaries1795595264000 } from './1795595264000-create-bank-summaries.js';
import { SharedHouseholdItems1795900100000 } from './1795900100000-shared-household-items.js';
import { OwnSharedItemsIndex1796000000000 } from './1796000000000-own-shared-items-index.js';
import { CreateBillStatusTables1796000500000 } from './1796000500000-create-bill-status-tables.js';
import { CreateCalendarFeeds1796100000000 } from './1796100000000-create-calendar-feeds.js';
import { ForecastSettingsAndCashBalance1796100500000 } from './1796100500000-forecast-settings-and-cash-balance.js';
import { CreateReminders1796200000000 } from './1796200000000-create-reminders.js';
import { IncomePaySchedules1796250000000 } from './1796250000000-income-pay-schedules.js';
import { BillPayee1796300700000 } from './1796300700000-bill-payee.js';
import { NextReminderMoment1796400000000 } from './1796400000000-next-reminder-moment.js';
import { BillPaidMarksUserIndex1796616078167 } from './1796616078167-bill-paid-marks-user-index.js';
import { DueDatePlanner1796700000000 } from './1796700000000-due-date-planner.js';
import { PushReminders1796800000000 } from './1796800000000-push-reminders.js';

/** Checked-in migrations, in order; run at start-up. */
export const migrations = [CreateFinanceTables1763856000000, CreateDataVersions1763856100000, SuggestionBillRecurrence1795595263000, CreateBankSummaries1795595264000, SharedHouseholdItems1795900100000, OwnSharedItemsIndex1796000000000, CreateBillStatusTables1796000500000, CreateCalendarFeeds1796100000000, ForecastSettingsAndCashBalance1796100500000, CreateReminders1796200000000, IncomePaySchedules1796250000000, BillPayee1796300700000, NextReminderMoment1796400000000, BillPaidMarksUserIndex1796616078167, DueDatePlanner1796700000000, PushReminders1796800000000];
