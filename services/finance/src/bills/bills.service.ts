import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { DUE_DAY_MESSAGES, MAX_BILLS_PER_USER, type BillCreateInput, type BillDto, type BillUpdateInput } from '@paycadence/contracts';
import { ValidationFailedError } from '@paycadence/nest-kit';
import { FinanceError } from '../errors.js';
import { HouseholdAccess } from '../households/household-access.js';
import { Bill } from './bill.entity.js';
import { applyBillUpdate, billColumns, toBillDto } from './bill.mapper.js';

/**
 * Bills CRUD. A personal bill is its owner's only (another user's is simply not found, 404); a shared bill
 * is seen by every member of its household and changed by its owners and partners (HouseholdAccess).
 */
@Injectable()
export class BillsService {
  constructor(
    @InjectRepository(Bill) private readonly bills: Repository<Bill>,
    @Inject(HouseholdAccess) private readonly access: HouseholdAccess,
  ) {}

  /** Personal bills and the caller's households' shared ones (personal only while household is not answering). */
  async list(userId: string): Promise<BillDto[]> {
    const memberships = await this.access.memberships(userId);
    const rows = await this.bills.find({ where: this.access.visibleWhere<Bill>(userId, memberships), order: { dueDate: 'ASC', name: 'ASC' } });
    return rows.map((row) => toBillDto(row, this.access.sharedInfo(row, memberships)));
  }

  async create(userId: string, input: BillCreateInput): Promise<BillDto> {
    const memberships = input.household_id ? await this.access.requireMemberships(userId) : null;
    if (memberships && input.household_id) this.access.assertCanShareTo(memberships, input.household_id);
    if ((await this.bills.count({ where: { userId } })) >= MAX_BILLS_PER_USER) throw new FinanceError('TOO_MANY_BILLS');
    const saved = await this.bills.save(this.bills.create(billColumns(userId, input)));
    return toBillDto(saved, this.access.sharedInfo(saved, memberships));
  }

  async update(userId: string, id: string, { household_id: householdId, ...patch }: BillUpdateInput): Promise<BillDto> {
    const found = await this.access.findEditable(this.bills, userId, id, 'BILL_NOT_FOUND');
    const memberships = await this.access.applyHouseholdChange(found.row, userId, householdId, found.memberships);
    const updated = applyBillUpdate(found.row, patch);
    // One end sent: the schema could not see the stored other end.
    if (updated.dueDayMin !== null && updated.dueDayMax !== null && updated.dueDayMin > updated.dueDayMax) {
      throw new ValidationFailedError({ due_day_min: DUE_DAY_MESSAGES.rangeOrder });
    }
    const saved = await this.bills.save(updated);
    return toBillDto(saved, this.access.sharedInfo(saved, memberships));
  }

  async remove(userId: string, id: string): Promise<void> {
    const { row } = await this.access.findEditable(this.bills, userId, id, 'BILL_NOT_FOUND');
    const result = await this.bills.delete({ id: row.id });
    if (!result.affected) throw new FinanceError('BILL_NOT_FOUND');
  }
}
