import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { householdCalendarRange, type HouseholdCalendarQuery, type HouseholdCalendarResponse } from '@paycadence/contracts';
import { CLOCK, isRowId, ValidationFailedError, type Clock } from '@paycadence/nest-kit';
import type { Repository } from 'typeorm';
import { Bill } from '../bills/bill.entity.js';
import { toRuleBill } from '../bills/bill.mapper.js';
import { dashboardToday } from '../clock/client-today.js';
import { FinanceError } from '../errors.js';
import { HouseholdAccess } from '../households/household-access.js';
import { IncomeSource } from '../income/income-source.entity.js';
import { toRuleIncome } from '../income/income.mapper.js';
import { buildHouseholdCalendar } from './household-calendar.js';

/**
 * The household calendar for one member. Membership is household's answer on this request (HouseholdAccess),
 * never the client's word: a household the caller is not in answers 404 like an unknown one, before anything of
 * it is read. When household does not answer, nobody can be told a member: 503.
 */
@Injectable()
export class HouseholdCalendarService {
  constructor(
    @InjectRepository(Bill) private readonly bills: Repository<Bill>,
    @InjectRepository(IncomeSource) private readonly incomes: Repository<IncomeSource>,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(HouseholdAccess) private readonly access: HouseholdAccess,
  ) {}

  async calendar(userId: string, householdId: string, query: HouseholdCalendarQuery): Promise<HouseholdCalendarResponse> {
    const today = dashboardToday(this.clock.today(), query.today);
    const range = householdCalendarRange(query, today);
    if ('errors' in range) throw new ValidationFailedError(range.errors);

    const memberships = await this.access.memberships(userId);
    if (memberships === null) throw new FinanceError('HOUSEHOLD_UNAVAILABLE');
    const membership = isRowId(householdId) ? memberships.find((m) => m.householdId === householdId) : undefined;
    if (!membership) throw new FinanceError('HOUSEHOLD_NOT_FOUND');

    const [billRows, incomeRows] = await Promise.all([
      this.bills.find({ where: { householdId }, order: { dueDate: 'ASC', name: 'ASC' } }),
      this.incomes.find({ where: { householdId }, order: { nextDate: 'ASC', source: 'ASC' } }),
    ]);
    const shared = (row: Bill | IncomeSource) => this.access.sharedInfo(row, memberships);
    return buildHouseholdCalendar({
      membership,
      bills: billRows.map((row) => ({ ...toRuleBill(row, shared(row)), addedBy: row.userId })),
      incomes: incomeRows.map((row) => ({ ...toRuleIncome(row, shared(row)), addedBy: row.userId })),
      today,
      ...range,
    });
  }
}
