import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { createHash } from 'node:crypto';
import {
  BILL_STATUS_DAYS_AHEAD,
  BILL_STATUS_DAYS_BACK,
  type DashboardQuery,
  type DashboardResponse,
  type Membership,
  type TimelineQuery,
  type TimelineResponse,
} from '@paycadence/contracts';
import {
  addDays,
  buildPaymentSchedule,
  buildTimeline,
  computeDashboard,
  computeDashboardAnalytics,
  LATER_WINDOW_INITIAL_DAYS,
  occurrenceKey,
  type Bill as RuleBill,
  type IncomeSource as RuleIncome,
  type PaymentSuggestion,
} from '@paycadence/finance-rules';
import { CLOCK, preparedQuery, type Clock } from '@paycadence/nest-kit';
import { BankSummaryService } from '../bank-summary/bank-summary.service.js';
import { BillStatusService, paidKeysOf } from '../bill-status/bill-status.service.js';
import { billStatusesInDashboard, withoutPaidSuggestions, withBillStatuses } from './bill-status-payload.js';
import { Bill } from '../bills/bill.entity.js';
import { toRuleBill } from '../bills/bill.mapper.js';
import { dashboardToday } from '../clock/client-today.js';
import { HouseholdAccess } from '../households/household-access.js';
import { IncomeSource } from '../income/income-source.entity.js';
import { toRuleIncome } from '../income/income.mapper.js';
import { SavingsGoal } from '../savings-goals/savings-goal.entity.js';
import { toDashboardSavingsGoal, toRuleSavingsGoal } from '../savings-goals/savings-goal.mapper.js';
import { ForecastSettingsService } from '../forecast/forecast-settings.service.js';
import { CachedJson } from './cached-json.js';
import { DashboardCache } from './dashboard-cache.js';
import { dashboardForecast } from './dashboard-forecast.js';
import { toDashboardResponse } from './dashboard-payload.js';
import { householdPaymentSchedule } from './household-schedule.js';

/**
 * docs/product/signed-in.md §7: GET /dashboard-with-insights, and GET /timeline for the Calendar and Planner. One query per
 * table (in parallel), then the rules library computes everything; this service converts NUMERIC to cents and
 * re-implements no rule. Both answers are integer cents (libs/contracts dashboard.ts), so the browser computes
 * nothing: every Later window and every range the UI shows is asked for here.
 * The dashboard JSON is cached per user under the data version the write triggers keep (see the migrations; the
 * bank summary bank-sync pushes bumps it too).
 * Shared bills and income: every request gets the user's memberships (HouseholdClient: kept under
 * their membership version, else asked of household); the cache key then also holds those memberships (ids, names, roles, members) and each household's data
 * version (bumped by a trigger on every write to a shared row), so another member's edit, a role change or
 * leaving never serves a stale dashboard.
 */
@Injectable()
export class DashboardService {
  private readonly cache = new DashboardCache<CachedJson>();

  constructor(
    @InjectRepository(Bill) private readonly bills: Repository<Bill>,
    @InjectRepository(IncomeSource) private readonly incomes: Repository<IncomeSource>,
    @InjectRepository(SavingsGoal) private readonly goals: Repository<SavingsGoal>,
    @Inject(BankSummaryService) private readonly bankSummaries: BankSummaryService,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(HouseholdAccess) private readonly access: HouseholdAccess,
    @Inject(BillStatusService) private readonly billStatus: BillStatusService,
    @Inject(ForecastSettingsService) private readonly forecastSettings: ForecastSettingsService,
  ) {}

  /**
   * The dashboard as JSON text (and its gzip copy), for the client's local date when it sent one
   * (see dashboardToday: at most a day from the server's UTC date, else a 400).
   */
  async forUserJson(userId: string, { laterWindowDays = LATER_WINDOW_INITIAL_DAYS, today: requestedToday }: DashboardQuery = {}): Promise<CachedJson> {
    const today = dashboardToday(this.clock.today(), requestedToday);
    // Any item the household.deleted safety net gives back bumps the data version before it is read below.
    const memberships = await this.access.memberships(userId);
    const key = `${await this.versionKey(userId, memberships)}:${today}:${laterWindowDays}`;
    return this.cache.get(userId, key, async () => new CachedJson(JSON.stringify(await this.compute(userId, today, laterWindowDays, memberships))));
  }

  async compute(userId: string, today: string, laterWindowDays: number, memberships: Membership[] | null = null): Promise<DashboardResponse> {
    const [bills, incomes, goals, bank, thresholdCents] = await Promise.all([
      this.ruleBills(userId, memberships),
      this.ruleIncomes(userId, memberships),
      this.goals.find({ where: { userId }, order: { createdAt: 'ASC' } }),
      // docs/product/signed-in.md §9 income fallback and §5 savings-rate tips: the linked banks' figures bank-sync pushed
      // (and their spendable balance, for safe to spend).
      this.bankSummaries.figuresFor(userId),
      // A new threshold bumps the user's data version, so versionKey (the cache key) covers it.
      this.forecastSettings.thresholdFor(userId),
    ]);
    const bankAnalytics = bank.analytics;
    const dashboard = computeDashboard({ bills, incomes, savingsGoals: goals.map(toRuleSavingsGoal), today, laterWindowDays, bankAnalytics });
    dashboard.paymentSchedule = householdPaymentSchedule(bills, incomes, today) ?? dashboard.paymentSchedule;
    // Statuses of recent and coming occurrences; a paid one makes no payment suggestion.
    const statuses = await this.billStatus.statusesFor(userId, bills, addDays(today, -BILL_STATUS_DAYS_BACK), lastDueDate(dashboard.paymentSchedule, addDays(today, BILL_STATUS_DAYS_AHEAD)), today);
    dashboard.paymentSchedule = withoutPaidSuggestions(dashboard.paymentSchedule, statuses);
    const response = toDashboardResponse(dashboard, computeDashboardAnalytics(bills, incomes, today), {
      bills,
      income: incomes,
      savingsGoals: goals.map(toDashboardSavingsGoal),
    });
    // Safe to spend, the 30-day balance and the low-balance warning, on the same schedule;
    // a paid occurrence (bank-matched or marked) is in the balance already, so it is left out like its suggestion.
    const paid = paidKeysOf(statuses);
    const forecast = dashboardForecast(bills, incomes, dashboard.paymentSchedule, today, {
      cashBalanceCents: bank.cashBalanceCents,
      bankBalanceAsOf: bank.asOf,
      thresholdCents,
      isPaid: (billId, dueDate) => paid.has(occurrenceKey(billId, dueDate)),
    });
    return { ...response, billStatuses: billStatusesInDashboard(statuses, addDays(today, BILL_STATUS_DAYS_AHEAD)), forecast };
  }

  /** The Calendar / Planner range (TimelineQuerySchema: at most MAX_TIMELINE_DAYS), for the client's day as above. */
  async timeline(userId: string, { from, to, today: requestedToday }: TimelineQuery): Promise<TimelineResponse> {
    const today = dashboardToday(this.clock.today(), requestedToday);
    const { bills, incomes, schedule } = await this.scheduleFor(userId, today);
    // Each bill occurrence carries its status (the paid ones' suggestions are gone already).
    return withBillStatuses(buildTimeline(bills, incomes, schedule, from, to), await this.billStatus.statusesFor(userId, bills, from, to, today));
  }

  /**
   * The bills and income the user sees (shared ones included, as on the dashboard) and the Smart Payment Schedule
   * for `today`: what the timeline and the calendar feed are built from. `memberships`: the households they came
   * from (null: household did not answer, personal items only).
   */
  async scheduleFor(
    userId: string,
    today: string,
  ): Promise<{ bills: RuleBill[]; incomes: RuleIncome[]; schedule: PaymentSuggestion[]; memberships: Membership[] | null }> {
    const memberships = await this.access.memberships(userId);
    const [bills, incomes] = await Promise.all([this.ruleBills(userId, memberships), this.ruleIncomes(userId, memberships)]);
    const planned = householdPaymentSchedule(bills, incomes, today) ?? buildPaymentSchedule(bills, incomes, today);
    // A paid occurrence makes no payment suggestion (here: timeline, calendar feed).
    const statuses = await this.billStatus.statusesFor(userId, bills, addDays(today, -BILL_STATUS_DAYS_BACK), lastDueDate(planned, today), today);
    return { bills, incomes, schedule: withoutPaidSuggestions(planned, statuses), memberships };
  }

  /**
   * What a cached dashboard (and the cached due-date plan) is checked against, in ONE round trip (the dashboard is the most frequent read): the
   * user's own data version and, when they belong to households (null: household not answering, personal items
   * only), a digest of those memberships and of each household's shared-data version.
   */
  async versionKey(userId: string, memberships: Membership[] | null): Promise<string> {
    const keys = [userId, ...(memberships ?? []).map((m) => `household:${m.householdId}`)];
    const rows = await preparedQuery<{ id: string; version: string }>(
      this.bills.manager.connection,
      'SELECT user_id AS id, version::text AS version FROM data_versions WHERE user_id = ANY($1::text[])',
      [keys],
    );
    const versionOf = (key: string) => rows.find((row) => row.id === key)?.version ?? '0';
    if (memberships === null) return `${versionOf(userId)}:personal-only`;
    if (memberships.length === 0) return versionOf(userId);
    const shared = memberships.map((m) => ({ m, v: versionOf(`household:${m.householdId}`) }));
    return `${versionOf(userId)}:${createHash('sha256').update(JSON.stringify(shared)).digest('base64url')}`;
  }

  private async ruleBills(userId: string, memberships: Membership[] | null) {
    const rows = await this.bills.find({ where: this.access.visibleWhere<Bill>(userId, memberships), order: { dueDate: 'ASC', name: 'ASC' } });
    return rows.map((row) => toRuleBill(row, this.access.sharedInfo(row, memberships)));
  }

  private async ruleIncomes(userId: string, memberships: Membership[] | null) {
    const rows = await this.incomes.find({
      where: this.access.visibleWhere<IncomeSource>(userId, memberships),
      order: { nextDate: 'ASC', source: 'ASC' },
    });
    return rows.map((row) => toRuleIncome(row, this.access.sharedInfo(row, memberships)));
  }
}

/** The latest due date among the suggestions (at least `atLeast`): how far ahead paid occurrences must be known. */
function lastDueDate(schedule: readonly PaymentSuggestion[], atLeast: string): string {
  return schedule.reduce((last, s) => (s.dueDate > last ? s.dueDate : last), atLeast);
}
