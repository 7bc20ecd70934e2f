import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { MAX_BILLS_PER_USER, type BillCreateInput, type BillDto, type BillUpdateInput } from '@payday/contracts';
import { isRowId } from '@payday/nest-kit';
import { FinanceError } from '../common/finance-error.js';
import { Bill } from './bill.entity.js';
import { applyBillUpdate, billColumns, toBillDto } from './bill.mapper.js';

/** Bills CRUD. Every query is scoped by the caller's id, so another user's bill is simply not found (404). */
@Injectable()
export class BillsService {
  constructor(@InjectRepository(Bill) private readonly bills: Repository<Bill>) {}

  async list(userId: string): Promise<BillDto[]> {
    const rows = await this.bills.find({ where: { userId }, order: { dueDate: 'ASC', name: 'ASC' } });
    return rows.map(toBillDto);
  }

  async create(userId: string, input: BillCreateInput): Promise<BillDto> {
    if ((await this.bills.count({ where: { userId } })) >= MAX_BILLS_PER_USER) throw new FinanceError('TOO_MANY_BILLS');
    const saved = await this.bills.save(this.bills.create(billColumns(userId, input)));
    return toBillDto(saved);
  }

  async update(userId: string, id: string, patch: BillUpdateInput): Promise<BillDto> {
    const bill = await this.findOwned(userId, id);
    return toBillDto(await this.bills.save(applyBillUpdate(bill, patch)));
  }

  async remove(userId: string, id: string): Promise<void> {
    if (!isRowId(id)) throw new FinanceError('BILL_NOT_FOUND');
    const result = await this.bills.delete({ id, userId });
    if (!result.affected) throw new FinanceError('BILL_NOT_FOUND');
  }

  private async findOwned(userId: string, id: string): Promise<Bill> {
    const bill = isRowId(id) ? await this.bills.findOneBy({ id, userId }) : null;
    if (!bill) throw new FinanceError('BILL_NOT_FOUND');
    return bill;
  }
}
