import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import {
  BILL_STATUS_DAYS_BACK,
  dueDayFlexibilityFor,
  FIRST_DUE_DAY,
  LAST_DUE_DAY,
  type DueDatePlanResponse,
  type Membership,
} from '@paycadence/contracts';
import { addDays, occurrenceKey, planDueDates, PLAN_HORIZON_DAYS, type PlannerBill } from '@paycadence/finance-rules';
import { CLOCK, type Clock } from '@paycadence/nest-kit';
import { BankSummaryService } from '../bank-summary/bank-summary.service.js';
import { BillStatusService, paidKeysOf } from '../bill-status/bill-status.service.js';
import { Bill } from '../bills/bill.entity.js';
import { toRuleBill } from '../bills/bill.mapper.js';
import { dashboardToday } from '../clock/client-today.js';
import { DashboardCache } from '../dashboard/dashboard-cache.js';
import { DashboardService } from '../dashboard/dashboard.service.js';
import { FinanceError } from '../errors.js';
import { ForecastSettingsService } from '../forecast/forecast-settings.service.js';
import { HouseholdAccess } from '../households/household-access.js';
import { IncomeSource } from '../income/income-source.entity.js';
import { toRuleIncome } from '../income/income.mapper.js';
import { AuthDirectoryClient } from '../reminders/auth-directory.client.js';
import { DueDateMoveRow } from './due-date-move.entity.js';
import { toDueDateMoveDto } from './due-date-move.mapper.js';

/** What a plan is asked for: the person's own view or one household's shared bills, and their choices in the planner. */
export interface PlanRequest {
  householdId?: string;
  today?: string;
  /** Bill id -> the day the person chose, or null to keep the bill where it is. */
  choices?: ReadonlyMap<string, number | null>;
}

/**
 * The due-date plan (docs/due-date-planner.md): the bills the person sees (their own and their households' shared
 * ones) or one household's shared bills with its shared income, planned by finance-rules planDueDates. Moves the
 * person already started count as their choices (planned or asked: the new day; declined: the bill stays), so the
 * plan is made around them. A shared bill the person may not change (a plain member) is never moved.
 */
@Injectable()
export class PlannerService {
  private readonly cache = new DashboardCache<Omit<DueDatePlanResponse, 'accountHolder'>>();

  constructor(
    @InjectRepository(Bill) private readonly bills: Repository<Bill>,
    @InjectRepository(IncomeSource) private readonly incomes: Repository<IncomeSource>,
    @InjectRepository(DueDateMoveRow) private readonly moves: Repository<DueDateMoveRow>,
    @Inject(BankSummaryService) private readonly bankSummaries: BankSummaryService,
    @Inject(BillStatusService) private readonly billStatus: BillStatusService,
    @Inject(ForecastSettingsService) private readonly forecastSettings: ForecastSettingsService,
    @Inject(HouseholdAccess) private readonly access: HouseholdAccess,
    @Inject(AuthDirectoryClient) private readonly directory: AuthDirectoryClient,
    @Inject(DashboardService) private readonly dashboard: DashboardService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async plan(userId: string, request: PlanRequest): Promise<DueDatePlanResponse> {
    const today = dashboardToday(this.clock.today(), request.today);
    const memberships = await this.access.memberships(userId);
    const householdId = request.householdId ?? null;
    if (householdId !== null) this.memberOf(memberships, householdId);
    // The name is asked each time (a renamed account bumps no finance version); the plan itself is cached.
    const holder = this.accountHolder(userId);
    const compute = () => this.compute(userId, today, householdId, memberships, request.choices);
    // The dashboard's card asks on every load: without choices the plan is kept under the same version key as the
    // dashboard (bills, income, paid marks, the bank summary, the threshold and the moves all bump it).
    const plan = request.choices
      ? await compute()
      : await this.cache.get(userId, `${await this.dashboard.versionKey(userId, memberships)}:${today}:${householdId ?? 'own'}`, compute);
    return { ...plan, accountHolder: await holder };
  }

  private async compute(
    userId: string,
    today: string,
    householdId: string | null,
    memberships: Membership[] | null,
    requestChoices: ReadonlyMap<string, number | null> | undefined,
  ): Promise<Omit<DueDatePlanResponse, 'accountHolder'>> {
    const scope = householdId !== null ? [{ householdId }] : this.access.visibleWhere<Bill>(userId, memberships);
    const [billRows, incomeRows, bank, thresholdCents, savedRows] = await Promise.all([
      this.bills.find({ where: scope, order: { dueDate: 'ASC', name: 'ASC' } }),
      this.incomes.find({ where: householdId !== null ? [{ householdId }] : this.access.visibleWhere<IncomeSource>(userId, memberships), order: { nextDate: 'ASC', source: 'ASC' } }),
      // A household has no balance of its own: its plan counts from its shared paychecks.
      householdId !== null ? Promise.resolve(null) : this.bankSummaries.figuresFor(userId),
      this.forecastSettings.thresholdFor(userId),
      this.moves.find({ where: { userId }, order: { createdAt: 'ASC' } }),
    ]);
    const billById = new Map(billRows.map((row) => [row.id, row]));
    const saved = savedRows.filter((move) => billById.has(move.billId));
    const choices = new Map<string, number | null>();
    for (const move of saved) {
      if (move.status === 'planned' || move.status === 'asked') choices.set(move.billId, move.toDay);
      else if (move.status === 'declined' && !choices.has(move.billId)) choices.set(move.billId, null);
    }
    for (const [billId, day] of requestChoices ?? []) if (billById.has(billId)) choices.set(billId, day);

    const bills: PlannerBill[] = billRows.map((row) => {
      const shared = this.access.sharedInfo(row, memberships);
      return {
        ...toRuleBill(row),
        flexibility: dueDayFlexibilityFor(row.category, row.dueDayFlexible),
        dueDayMin: row.dueDayMin ?? FIRST_DUE_DAY,
        dueDayMax: row.dueDayMax ?? LAST_DUE_DAY,
        canMove: shared === undefined || shared.can_edit,
      };
    });
    const statuses = await this.billStatus.statusesFor(userId, bills, addDays(today, -BILL_STATUS_DAYS_BACK), addDays(today, PLAN_HORIZON_DAYS), today);
    const paid = paidKeysOf(statuses);
    const plan = planDueDates({
      bills,
      incomes: incomeRows.map((row) => toRuleIncome(row)),
      today,
      bankBalanceCents: bank?.cashBalanceCents ?? null,
      bankBalanceDate: bank?.asOf?.slice(0, 10) ?? null,
      isPaid: (billId, dueDate) => paid.has(occurrenceKey(billId, dueDate)),
      thresholdCents,
      choices,
    });
    return {
      ...plan,
      householdId,
      moves: plan.moves.map((move) => ({ ...move, householdId: billById.get(move.billId)?.householdId ?? null })),
      savedMoves: saved.map((move) => toDueDateMoveDto(move, billById.get(move.billId)!)),
    };
  }

  /** The household's membership, or 404 (the same answer as a household that does not exist); 503 when household is silent. */
  private memberOf(memberships: Membership[] | null, householdId: string): Membership {
    if (memberships === null) throw new FinanceError('HOUSEHOLD_UNAVAILABLE');
    const membership = memberships.find((m) => m.householdId === householdId);
    if (!membership) throw new FinanceError('HOUSEHOLD_NOT_FOUND');
    return membership;
  }

  /** The name the letter is signed with; empty when auth does not answer (the page then asks the person to write it). */
  private async accountHolder(userId: string): Promise<string> {
    try {
      const user = await this.directory.user(userId);
      return [user?.firstName, user?.lastName].filter((part) => part && part.trim()).join(' ').trim();
    } catch {
      return '';
    }
  }
}
