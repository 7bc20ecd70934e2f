import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { MAX_INCOME_SOURCES_PER_USER, type IncomeCreateInput, type IncomeSourceDto, type IncomeUpdateInput } from '@paycadence/contracts';
import { FinanceError } from '../errors.js';
import { HouseholdAccess } from '../households/household-access.js';
import { IncomeSource } from './income-source.entity.js';
import { assertIncomeSchedule, incomeScheduleOf } from './income-schedule.js';
import { applyIncomeUpdate, incomeColumns, toIncomeDto } from './income.mapper.js';

/** Income sources CRUD, personal or shared with a household exactly like bills (see BillsService). */
@Injectable()
export class IncomeService {
  constructor(
    @InjectRepository(IncomeSource) private readonly incomes: Repository<IncomeSource>,
    @Inject(HouseholdAccess) private readonly access: HouseholdAccess,
  ) {}

  async list(userId: string): Promise<IncomeSourceDto[]> {
    const memberships = await this.access.memberships(userId);
    const rows = await this.incomes.find({
      where: this.access.visibleWhere<IncomeSource>(userId, memberships),
      order: { nextDate: 'ASC', source: 'ASC' },
    });
    return rows.map((row) => toIncomeDto(row, this.access.sharedInfo(row, memberships)));
  }

  async create(userId: string, input: IncomeCreateInput): Promise<IncomeSourceDto> {
    const memberships = input.household_id ? await this.access.requireMemberships(userId) : null;
    if (memberships && input.household_id) this.access.assertCanShareTo(memberships, input.household_id);
    if ((await this.incomes.count({ where: { userId } })) >= MAX_INCOME_SOURCES_PER_USER) {
      throw new FinanceError('TOO_MANY_INCOME_SOURCES');
    }
    const saved = await this.incomes.save(this.incomes.create(incomeColumns(userId, input)));
    return toIncomeDto(saved, this.access.sharedInfo(saved, memberships));
  }

  async update(userId: string, id: string, { household_id: householdId, ...patch }: IncomeUpdateInput): Promise<IncomeSourceDto> {
    const found = await this.access.findEditable(this.incomes, userId, id, 'INCOME_NOT_FOUND');
    // The change merged into the stored row must still be a schedule that holds together (frequency monthly while
    // the twice-a-month pay days stay, say): refused before anything is asked of household or written.
    const changed = applyIncomeUpdate(found.row, patch);
    assertIncomeSchedule(incomeScheduleOf(changed));
    const memberships = await this.access.applyHouseholdChange(changed, userId, householdId, found.memberships);
    const saved = await this.incomes.save(changed);
    return toIncomeDto(saved, this.access.sharedInfo(saved, memberships));
  }

  async remove(userId: string, id: string): Promise<void> {
    const { row } = await this.access.findEditable(this.incomes, userId, id, 'INCOME_NOT_FOUND');
    const result = await this.incomes.delete({ id: row.id });
    if (!result.affected) throw new FinanceError('INCOME_NOT_FOUND');
  }
}
