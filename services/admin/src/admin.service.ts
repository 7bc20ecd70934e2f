import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { AdminItemDto } from '@payday/contracts';
import { isRowId } from '@payday/nest-kit';
import type { Repository } from 'typeorm';
import { AdminError } from './errors.js';
import { AdminItem } from './admin-item.entity.js';

@Injectable()
export class AdminService {
  constructor(@InjectRepository(AdminItem) private readonly items: Repository<AdminItem>) {}

  /** The user's own item; another user's id, or a malformed one, answers the same 404. */
  async find(userId: string, id: string): Promise<AdminItemDto> {
    const item = isRowId(id) ? await this.items.findOneBy({ id, userId }) : null;
    if (!item) throw new AdminError('ITEM_NOT_FOUND');
    return { id: item.id, name: item.name, createdAt: item.createdAt.toISOString() };
  }
}
