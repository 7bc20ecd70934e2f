import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { BlogItemDto } from '@payday/contracts';
import { isRowId } from '@payday/nest-kit';
import type { Repository } from 'typeorm';
import { BlogError } from './errors.js';
import { BlogItem } from './blog-item.entity.js';

@Injectable()
export class BlogService {
  constructor(@InjectRepository(BlogItem) private readonly items: Repository<BlogItem>) {}

  /** The user's own item; another user's id, or a malformed one, answers the same 404. */
  async find(userId: string, id: string): Promise<BlogItemDto> {
    const item = isRowId(id) ? await this.items.findOneBy({ id, userId }) : null;
    if (!item) throw new BlogError('ITEM_NOT_FOUND');
    return { id: item.id, name: item.name, createdAt: item.createdAt.toISOString() };
  }
}
