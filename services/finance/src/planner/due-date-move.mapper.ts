import type { DueDateMoveDto } from '@paycadence/contracts';
import type { Bill } from '../bills/bill.entity.js';
import { numericToCents } from '../common/money.js';
import type { DueDateMoveRow } from './due-date-move.entity.js';

/** A stored move as the API answers it, with its bill's name and amount (integer cents). */
export function toDueDateMoveDto(move: DueDateMoveRow, bill: Pick<Bill, 'name' | 'amount' | 'householdId'>): DueDateMoveDto {
  return {
    id: move.id,
    billId: move.billId,
    billName: bill.name,
    amountCents: numericToCents(bill.amount),
    fromDay: move.fromDay,
    toDay: move.toDay,
    status: move.status,
    effectiveDate: move.effectiveDate,
    askedAt: move.askedAt?.toISOString() ?? null,
    createdAt: move.createdAt.toISOString(),
    updatedAt: move.updatedAt.toISOString(),
    householdId: bill.householdId,
  };
}
