import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { HouseholdItemDto } from '@payday/contracts';
import { isRowId } from '@payday/nest-kit';
import type { Repository } from 'typeorm';
import { HouseholdError } from './errors.js';
import { HouseholdItem } from './household-item.entity.js';

@Injectable()
export class HouseholdService {
  constructor(@InjectRepository(HouseholdItem) private readonly items: Repository<HouseholdItem>) {}

  /** The user's own item; another user's id, or a malformed one, answers the same 404. */
  async find(userId: string, id: string): Promise<HouseholdItemDto> {
    const item = isRowId(id) ? await this.items.findOneBy({ id, userId }) : null;
    if (!item) throw new HouseholdError('ITEM_NOT_FOUND');
    return { id: item.id, name: item.name, createdAt: item.createdAt.toISOString() };
  }
}
