// A teacher paid monthly on the 25th, with rent on the 1st, the phone on the 5th and a car loan on the 12th: the plan
// the finance service answers for them, in the contract's shapes, for the planner's specs.
import type { BillDto, DueDateMoveDto, DueDatePlanResponse, PlannedMoveDto, PlanOutcomeDto } from '@paycadence/contracts';
import { addDays } from '@paycadence/finance-rules';

export const TODAY = '2026-06-01';
export const PHONE = '1b2c3d4e-0000-4000-8000-000000000005';
export const CAR = '1b2c3d4e-0000-4000-8000-000000000012';
export const RENT = '1b2c3d4e-0000-4000-8000-000000000001';
export const HOUSEHOLD = '0b8f5c1e-2d4a-4f6b-9c3e-1a2b3c4d5e6f';
export const MOVE_ID = '5a6b7c8d-0000-4000-8000-0000000000aa';

const salary = { date: '2026-06-25', source: 'Teacher salary', amountCents: 320_000 };

export const phoneMove: PlannedMoveDto = {
  billId: PHONE,
  billName: 'Phone',
  amountCents: 6_000,
  flexibility: 'yes',
  fromDay: 5,
  toDay: 27,
  payday: salary,
  daysAfterPayday: 2,
  chosenBy: 'planner',
  transition: { lastOldDate: '2026-07-05', firstNewDate: '2026-07-27', daysBetween: 22, amountCents: 6_000 },
  householdId: null,
};

export const carMove: PlannedMoveDto = {
  billId: CAR,
  billName: 'Car loan',
  amountCents: 32_000,
  flexibility: 'unknown',
  fromDay: 12,
  toDay: 28,
  payday: salary,
  daysAfterPayday: 3,
  chosenBy: 'planner',
  transition: { lastOldDate: '2026-07-12', firstNewDate: '2026-07-28', daysBetween: 16, amountCents: 32_000 },
  householdId: null,
};

/** A balance that dips by `dip` cents from the 5th to the 24th of each month. */
function outcome(lowestBalanceCents: number, lowestDate: string, daysBelowThreshold: number, dip: number): PlanOutcomeDto {
  const days = Array.from({ length: 91 }, (_, i) => {
    const date = addDays(TODAY, i);
    const day = Number(date.slice(8, 10));
    return { date, balanceCents: day >= 5 && day < 25 ? 60_000 - dip : 60_000 };
  });
  return {
    lowestBalanceCents,
    lowestDate,
    daysBelowThreshold,
    firstDayBelow: daysBelowThreshold > 0 ? lowestDate : null,
    days,
    paycheckLoads: [{ date: '2026-06-25', source: 'Teacher salary', amountCents: 320_000, billsCents: 183_000 }],
  };
}

export const planOf = (overrides: Partial<DueDatePlanResponse> = {}): DueDatePlanResponse => ({
  today: TODAY,
  thresholdCents: 10_000,
  horizonDays: 183,
  chartDays: 90,
  base: 'last-paycheck',
  householdId: null,
  moves: [phoneMove, carMove],
  before: outcome(-4_000, '2026-06-12', 9, 64_000),
  after: outcome(52_000, '2026-06-27', 0, 8_000),
  helps: true,
  lean: null,
  savedMoves: [],
  accountHolder: 'Tess Ledger',
  ...overrides,
});

export const savedMove = (overrides: Partial<DueDateMoveDto> = {}): DueDateMoveDto => ({
  id: MOVE_ID,
  billId: PHONE,
  billName: 'Phone',
  amountCents: 6_000,
  fromDay: 5,
  toDay: 27,
  status: 'planned',
  effectiveDate: null,
  askedAt: null,
  createdAt: '2026-06-01T09:00:00.000Z',
  updatedAt: '2026-06-01T09:00:00.000Z',
  householdId: null,
  ...overrides,
});

export const billOf = (id: string, name: string, dueDay: number, range: [number, number], category: BillDto['category'] = 'utilities'): BillDto => ({
  id,
  name,
  amount: 60,
  due_date: `2026-06-${String(dueDay).padStart(2, '0')}`,
  priority: 'medium',
  category,
  recurring: 'monthly',
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  due_day_flexible: 'yes',
  due_day_min: range[0],
  due_day_max: range[1],
});
