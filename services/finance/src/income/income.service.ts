import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { MAX_INCOME_SOURCES_PER_USER, type IncomeCreateInput, type IncomeSourceDto, type IncomeUpdateInput } from '@payday/contracts';
import { isRowId } from '@payday/nest-kit';
import { FinanceError } from '../common/finance-error.js';
import { IncomeSource } from './income-source.entity.js';
import { applyIncomeUpdate, incomeColumns, toIncomeDto } from './income.mapper.js';

/** Income sources CRUD, scoped by the caller's id like bills. */
@Injectable()
export class IncomeService {
  constructor(@InjectRepository(IncomeSource) private readonly incomes: Repository<IncomeSource>) {}

  async list(userId: string): Promise<IncomeSourceDto[]> {
    const rows = await this.incomes.find({ where: { userId }, order: { nextDate: 'ASC', source: 'ASC' } });
    return rows.map(toIncomeDto);
  }

  async create(userId: string, input: IncomeCreateInput): Promise<IncomeSourceDto> {
    if ((await this.incomes.count({ where: { userId } })) >= MAX_INCOME_SOURCES_PER_USER) {
      throw new FinanceError('TOO_MANY_INCOME_SOURCES');
    }
    return toIncomeDto(await this.incomes.save(this.incomes.create(incomeColumns(userId, input))));
  }

  async update(userId: string, id: string, patch: IncomeUpdateInput): Promise<IncomeSourceDto> {
    const income = isRowId(id) ? await this.incomes.findOneBy({ id, userId }) : null;
    if (!income) throw new FinanceError('INCOME_NOT_FOUND');
    return toIncomeDto(await this.incomes.save(applyIncomeUpdate(income, patch)));
  }

  async remove(userId: string, id: string): Promise<void> {
    if (!isRowId(id)) throw new FinanceError('INCOME_NOT_FOUND');
    const result = await this.incomes.delete({ id, userId });
    if (!result.affected) throw new FinanceError('INCOME_NOT_FOUND');
  }
}
