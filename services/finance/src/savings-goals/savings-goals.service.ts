import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import {
  MAX_SAVINGS_GOALS_PER_USER,
  type SavingsGoalCreateInput,
  type SavingsGoalDto,
  type SavingsGoalUpdateInput,
} from '@paycadence/contracts';
import { isRowId } from '@paycadence/nest-kit';
import { FinanceError } from '../errors.js';
import { SavingsGoal } from './savings-goal.entity.js';
import { applySavingsGoalUpdate, savingsGoalColumns, toSavingsGoalDto } from './savings-goal.mapper.js';

/** Savings goals CRUD, scoped by the caller's id. */
@Injectable()
export class SavingsGoalsService {
  constructor(@InjectRepository(SavingsGoal) private readonly goals: Repository<SavingsGoal>) {}

  async list(userId: string): Promise<SavingsGoalDto[]> {
    const rows = await this.goals.find({ where: { userId }, order: { createdAt: 'ASC' } });
    return rows.map(toSavingsGoalDto);
  }

  async create(userId: string, input: SavingsGoalCreateInput): Promise<SavingsGoalDto> {
    if ((await this.goals.count({ where: { userId } })) >= MAX_SAVINGS_GOALS_PER_USER) throw new FinanceError('TOO_MANY_SAVINGS_GOALS');
    return toSavingsGoalDto(await this.goals.save(this.goals.create(savingsGoalColumns(userId, input))));
  }

  async update(userId: string, id: string, patch: SavingsGoalUpdateInput): Promise<SavingsGoalDto> {
    const goal = isRowId(id) ? await this.goals.findOneBy({ id, userId }) : null;
    if (!goal) throw new FinanceError('SAVINGS_GOAL_NOT_FOUND');
    return toSavingsGoalDto(await this.goals.save(applySavingsGoalUpdate(goal, patch)));
  }

  async remove(userId: string, id: string): Promise<void> {
    if (!isRowId(id)) throw new FinanceError('SAVINGS_GOAL_NOT_FOUND');
    const result = await this.goals.delete({ id, userId });
    if (!result.affected) throw new FinanceError('SAVINGS_GOAL_NOT_FOUND');
  }
}
