// Properties of planDueDates over generated schedules (src/testing/generated-data.ts plus a seeded choice of each
// bill's flexibility, range and sharing): what must hold for any input, checked by invariants.
import { describe, expect, it } from 'vitest';
import { addDays, billWithDueDay, planDueDates, type DueDatePlan, type DueDatePlanInput, type PlannerBill } from './index.js';
import { generateDataSet } from './testing/generated-data.js';

/** mulberry32, as generated-data.ts: the same cases every run. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TODAYS = ['2026-12-07', '2026-03-10', '2024-02-29', '2025-12-31', '2026-01-31', '2027-06-15', '2026-08-20'];
const FLEX = ['yes', 'yes', 'unknown', 'no'] as const;

function plannerInput(seed: number): DueDatePlanInput {
  const random = seededRandom(seed * 7919);
  const today = TODAYS[seed % TODAYS.length]!;
  const data = generateDataSet({ seed: 500 + seed, billCount: 3 + (seed % 28), incomeCount: 1 + (seed % 4), today });
  const bills: PlannerBill[] = data.bills.map((bill) => {
    const min = random() < 0.3 ? 1 + Math.floor(random() * 10) : 1;
    const max = random() < 0.3 ? 28 : 31;
    return { ...bill, flexibility: FLEX[Math.floor(random() * FLEX.length)]!, dueDayMin: min, dueDayMax: max, ...(random() < 0.1 ? { canMove: false } : {}) };
  });
  const bank = random() < 0.5;
  return {
    bills,
    incomes: data.incomes,
    today,
    thresholdCents: Math.floor(random() * 4) * 25_000,
    ...(bank ? { bankBalanceCents: Math.floor(random() * 400_000) - 50_000, bankBalanceDate: addDays(today, -Math.floor(random() * 3)) } : {}),
  };
}

/** The bills as they are once the billers made the plan's moves. */
function applied(input: DueDatePlanInput, plan: DueDatePlan): PlannerBill[] {
  return input.bills.map((bill) => {
    const move = plan.moves.find((m) => m.billId === bill.id);
    return move ? billWithDueDay(bill, move.toDay, input.today) : bill;
  });
}

const cases = Array.from({ length: 240 }, (_, seed) => {
  const input = plannerInput(seed);
  return [`seed ${seed}: ${input.bills.length} bills, ${input.incomes.length} incomes, ${input.today}`, input, planDueDates(input)] as const;
});

describe.each(cases)('planDueDates properties: %s', (_name, input, plan) => {
  it('never lowers the lowest balance nor adds a day below the threshold', () => {
    expect(plan.after.lowestBalanceCents).toBeGreaterThanOrEqual(plan.before.lowestBalanceCents);
    expect(plan.after.daysBelowThreshold).toBeLessThanOrEqual(plan.before.daysBelowThreshold);
    expect(plan.helps).toBe(plan.moves.length > 0 && plan.helps);
  });

  it("moves only bills it may, monthly or longer, within their biller's days, once each", () => {
    const byId = new Map(input.bills.map((b) => [b.id, b]));
    expect(new Set(plan.moves.map((m) => m.billId)).size).toBe(plan.moves.length);
    for (const m of plan.moves) {
      const bill = byId.get(m.billId)!;
      expect(bill.flexibility).not.toBe('no');
      expect(bill.canMove).not.toBe(false);
      expect(['monthly', 'quarterly', 'yearly']).toContain(bill.recurring);
      expect(m.toDay).toBeGreaterThanOrEqual(bill.dueDayMin);
      expect(m.toDay).toBeLessThanOrEqual(bill.dueDayMax);
      expect(m.toDay).not.toBe(m.fromDay);
      expect(m.chosenBy).toBe('planner');
      expect(m.transition.daysBetween).toBeGreaterThan(0);
      expect(m.transition.firstNewDate > m.transition.lastOldDate).toBe(true);
      expect(m.transition.lastOldDate >= input.today).toBe(true);
    }
  });

  it('gives the same plan for the same input', () => {
    expect(planDueDates(input)).toEqual(plan);
  });

  it('proposes nothing more once its moves are made', () => {
    const again = planDueDates({ ...input, bills: applied(input, plan) });
    expect(again.before.days).toEqual(plan.after.days);
    expect(again.moves).toEqual([]);
  });
});
