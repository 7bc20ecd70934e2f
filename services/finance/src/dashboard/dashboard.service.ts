import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import type { DashboardLists, DashboardQuery } from '@payday/contracts';
import { computeDashboard, LATER_WINDOW_INITIAL_DAYS } from '@payday/finance-rules';
import { Bill } from '../bills/bill.entity.js';
import { toBillDto, toRuleBill } from '../bills/bill.mapper.js';
import { dashboardToday } from '../clock/client-today.js';
import { CLOCK, type Clock } from '../clock/clock.js';
import { IncomeSource } from '../income/income-source.entity.js';
import { toIncomeDto, toRuleIncome } from '../income/income.mapper.js';
import { SavingsGoal } from '../savings-goals/savings-goal.entity.js';
import { toRuleSavingsGoal, toSavingsGoalDto } from '../savings-goals/savings-goal.mapper.js';
import { CachedJson } from './cached-json.js';
import { DashboardCache } from './dashboard-cache.js';
import { toDashboardPayload, type DashboardPayload } from './dashboard-payload.js';

/** computeDashboard's result without repeated fields (see dashboard-payload.ts), plus the raw lists. */
export type DashboardWithInsights = DashboardPayload & DashboardLists;

/**
 * spec part 2 §7: GET /dashboard-with-insights. One query per table (in parallel), then the rules library
 * computes everything; this service converts dollars to cents and back and re-implements no rule.
 * The JSON is cached per user under the data version the write triggers keep (see the migration).
 */
@Injectable()
export class DashboardService {
  private readonly cache = new DashboardCache<CachedJson>();

  constructor(
    @InjectRepository(Bill) private readonly bills: Repository<Bill>,
    @InjectRepository(IncomeSource) private readonly incomes: Repository<IncomeSource>,
    @InjectRepository(SavingsGoal) private readonly goals: Repository<SavingsGoal>,
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

  async compute(userId: string, today: string, laterWindowDays: number): Promise<DashboardWithInsights> {
    const [bills, incomes, goals] = await Promise.all([
      this.bills.find({ where: { userId }, order: { dueDate: 'ASC', name: 'ASC' } }),
      this.incomes.find({ where: { userId }, order: { nextDate: 'ASC', source: 'ASC' } }),
      this.goals.find({ where: { userId }, order: { createdAt: 'ASC' } }),
    ]);
    const dashboard = computeDashboard({
      bills: bills.map(toRuleBill),
      incomes: incomes.map(toRuleIncome),
      savingsGoals: goals.map(toRuleSavingsGoal),
      today,
      laterWindowDays,
    });
    return {
      ...toDashboardPayload(dashboard),
      bills: bills.map(toBillDto),
      income: incomes.map(toIncomeDto),
      savingsGoals: goals.map(toSavingsGoalDto),
    };
  }
}
