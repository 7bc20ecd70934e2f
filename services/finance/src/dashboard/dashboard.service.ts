import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import type { DashboardQuery, DashboardResponse, TimelineQuery, TimelineResponse } from '@payday/contracts';
import { buildPaymentSchedule, buildTimeline, computeDashboard, computeDashboardAnalytics, LATER_WINDOW_INITIAL_DAYS } from '@payday/finance-rules';
import { CLOCK, type Clock } from '@payday/nest-kit';
import { BankSummaryService } from '../bank-summary/bank-summary.service.js';
import { Bill } from '../bills/bill.entity.js';
import { toRuleBill } from '../bills/bill.mapper.js';
import { dashboardToday } from '../clock/client-today.js';
import { IncomeSource } from '../income/income-source.entity.js';
import { toRuleIncome } from '../income/income.mapper.js';
import { SavingsGoal } from '../savings-goals/savings-goal.entity.js';
import { toDashboardSavingsGoal, toRuleSavingsGoal } from '../savings-goals/savings-goal.mapper.js';
import { CachedJson } from './cached-json.js';
import { DashboardCache } from './dashboard-cache.js';
import { toDashboardResponse } from './dashboard-payload.js';

/**
 * spec part 2 §7: GET /dashboard-with-insights, and GET /timeline for the Calendar and Planner. One query per
 * table (in parallel), then the rules library computes everything; this service converts NUMERIC to cents and
 * re-implements no rule. Both answers are integer cents (libs/contracts dashboard.ts), so the browser computes
 * nothing: every Later window and every range the UI shows is asked for here.
 * The dashboard JSON is cached per user under the data version the write triggers keep (see the migrations; the
 * bank summary bank-sync pushes bumps it too).
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
  ) {}

  /**
   * The dashboard as JSON text (and its gzip copy), for the client's local date when it sent one
   * (see dashboardToday: at most a day from the server's UTC date, else a 400).
   */
  async forUserJson(userId: string, { laterWindowDays = LATER_WINDOW_INITIAL_DAYS, today: requestedToday }: DashboardQuery = {}): Promise<CachedJson> {
    const today = dashboardToday(this.clock.today(), requestedToday);
    const rows: { version: string }[] = await this.bills.query('SELECT version FROM data_versions WHERE user_id = $1', [userId]);
    const key = `${rows[0]?.version ?? '0'}:${today}:${laterWindowDays}`;
    return this.cache.get(userId, key, async () => new CachedJson(JSON.stringify(await this.compute(userId, today, laterWindowDays))));
  }

  async compute(userId: string, today: string, laterWindowDays: number): Promise<DashboardResponse> {
    const [bills, incomes, goals, bankAnalytics] = await Promise.all([
      this.ruleBills(userId),
      this.ruleIncomes(userId),
      this.goals.find({ where: { userId }, order: { createdAt: 'ASC' } }),
      // spec part 2 §9 income fallback and §5 savings-rate tips: the linked banks' figures bank-sync pushed.
      this.bankSummaries.analyticsFor(userId),
    ]);
    const dashboard = computeDashboard({ bills, incomes, savingsGoals: goals.map(toRuleSavingsGoal), today, laterWindowDays, bankAnalytics });
    return toDashboardResponse(dashboard, computeDashboardAnalytics(bills, incomes, today), {
      bills,
      income: incomes,
      savingsGoals: goals.map(toDashboardSavingsGoal),
    });
  }

  /** The Calendar / Planner range (TimelineQuerySchema: at most MAX_TIMELINE_DAYS), for the client's day as above. */
  async timeline(userId: string, { from, to, today: requestedToday }: TimelineQuery): Promise<TimelineResponse> {
    const today = dashboardToday(this.clock.today(), requestedToday);
    const [bills, incomes] = await Promise.all([this.ruleBills(userId), this.ruleIncomes(userId)]);
    return buildTimeline(bills, incomes, buildPaymentSchedule(bills, incomes, today), from, to);
  }

  private async ruleBills(userId: string) {
    return (await this.bills.find({ where: { userId }, order: { dueDate: 'ASC', name: 'ASC' } })).map(toRuleBill);
  }

  private async ruleIncomes(userId: string) {
    return (await this.incomes.find({ where: { userId }, order: { nextDate: 'ASC', source: 'ASC' } })).map(toRuleIncome);
  }
}
