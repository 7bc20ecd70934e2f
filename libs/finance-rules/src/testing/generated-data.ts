// Deterministic generated data sets for the computeDashboard snapshot test and the benchmark: mixed
// recurrences, month-end anchors (29th-31st), past and future dates, duplicate names and dates (so the
// tie-break orders matter), large and high-priority bills, several incomes on the same day.
import { BILL_CATEGORY_VALUES, BILL_PRIORITY_VALUES, BILL_RECURRENCE_VALUES, INCOME_FREQUENCY_VALUES } from '@paycadence/contracts';
import type { BankAnalytics, DashboardInput } from '../dashboard-types.js';
import { addDays } from '../dates.js';
import type { Bill, IncomeSource, SavingsGoal } from '../types.js';

/** mulberry32: a tiny seeded PRNG, so every run generates the same data. */
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

const BILL_NAMES = ['Rent', 'Power', 'Water', 'Internet', 'Phone', 'Car loan', 'Insurance', 'Gym', 'Streaming', 'Card'];
const INCOME_NAMES = ['Job', 'Side gig', 'Rental', 'Freelance', 'Dividends'];

export interface GeneratedDataSetOptions {
  seed: number;
  billCount: number;
  incomeCount: number;
  today: string;
}

export function generateDataSet({ seed, billCount, incomeCount, today }: GeneratedDataSetOptions): Omit<DashboardInput, 'laterWindowDays'> {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  // Most anchors from 120 days back to 45 days ahead, a few up to 200 ahead; one in eight on a
  // 29th-31st to exercise month clamping.
  const anchor = (maxAhead: number) => {
    const date = addDays(today, int(-120, random() < 0.9 ? maxAhead : 200));
    return random() < 0.125 ? `${date.slice(0, 8)}${pick(['29', '30', '31'])}`.replace(/-02-3[01]$/, '-02-28') : date;
  };
  const validAnchor = (maxAhead: number) => {
    const date = anchor(maxAhead);
    // A 31st in a 30-day month is not a date: fall back to the 30th.
    return /-(04|06|09|11)-31$/.test(date) ? date.replace(/31$/, '30') : date.replace(/-02-29$/, '-02-28');
  };

  const bills: Bill[] = Array.from({ length: billCount }, (_, i) => ({
    id: `bill-${seed}-${i}`,
    name: `${pick(BILL_NAMES)}${random() < 0.5 ? '' : ` ${int(1, 9)}`}`,
    amountCents: random() < 0.1 ? int(100_001, 400_000) : int(500, 100_000),
    dueDate: validAnchor(45),
    priority: pick(BILL_PRIORITY_VALUES),
    category: pick(BILL_CATEGORY_VALUES),
    recurring: pick(BILL_RECURRENCE_VALUES),
  }));
  const incomes: IncomeSource[] = Array.from({ length: incomeCount }, (_, i) => {
    const income: IncomeSource = {
      id: `income-${seed}-${i}`,
      source: pick(INCOME_NAMES),
      amountCents: random() < 0.05 ? 0 : int(20_000, 600_000),
      frequency: pick(INCOME_FREQUENCY_VALUES),
      nextDate: validAnchor(20),
    };
    // The schedules beyond a fixed step: twice a month on the 1st and 15th or the 15th and the last day (the next
    // date moved onto one of them), a school year paid September to June, variable pay with a low amount.
    if (income.frequency === 'twice-monthly') {
      income.payDays = random() < 0.5 ? [1, 15] : [15, 31];
      const [y, m, d] = income.nextDate.split('-').map(Number) as [number, number, number];
      const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
      const day = income.payDays[0] === 1 ? (d <= 15 ? 15 : 1) : d <= 15 ? 15 : last;
      income.nextDate = day === 1 ? new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10) : `${income.nextDate.slice(0, 8)}${String(day).padStart(2, '0')}`;
    }
    if ((income.frequency === 'monthly' || income.frequency === 'twice-monthly') && random() < 0.3) {
      const month = Number(income.nextDate.slice(5, 7));
      income.paidMonths = [1, 2, 3, 4, 5, 6, 9, 10, 11, 12].includes(month) ? [1, 2, 3, 4, 5, 6, 9, 10, 11, 12] : [month];
    }
    if (income.amountCents > 0 && random() < 0.2) income.lowAmountCents = Math.max(1, Math.round(income.amountCents * 0.6));
    return income;
  });
  const savingsGoals: SavingsGoal[] = [
    { goalType: 'emergency_fund', currentAmountCents: int(0, 2_000_000) },
    { goalType: 'vacation', currentAmountCents: int(0, 500_000) },
  ];
  return { bills, incomes, savingsGoals, today };
}

export interface SnapshotCase {
  name: string;
  input: DashboardInput;
}

/**
 * An input as dashboard-snapshot.json stores it: recorded before `bankAnalytics` had its name, under the
 * key `analytics`. The fixture stays as written (it is the reference output), so readers rename the key.
 */
export type StoredDashboardInput = Omit<DashboardInput, 'bankAnalytics'> & { analytics?: BankAnalytics };

export function fromStoredInput({ analytics, ...input }: StoredDashboardInput): DashboardInput {
  return analytics === undefined ? input : { ...input, bankAnalytics: analytics };
}

/** The cases of src/testing/dashboard-snapshot.json (generated with the pre-optimisation code). */
export function snapshotCases(): SnapshotCase[] {
  const cases: Array<GeneratedDataSetOptions & { laterWindowDays?: number; bankAnalytics?: BankAnalytics }> = [
    { seed: 1, billCount: 100, incomeCount: 10, today: '2026-03-10' },
    { seed: 2, billCount: 100, incomeCount: 10, today: '2024-02-29', laterWindowDays: 21 },
    { seed: 3, billCount: 100, incomeCount: 10, today: '2025-12-31', laterWindowDays: 70 },
    { seed: 4, billCount: 40, incomeCount: 3, today: '2026-01-31', bankAnalytics: { monthlyIncomeCents: 450_000, savingsRatePercent: 12.5 } },
    { seed: 5, billCount: 25, incomeCount: 1, today: '2026-03-15', laterWindowDays: 14 },
    { seed: 6, billCount: 12, incomeCount: 0, today: '2026-11-30', bankAnalytics: { monthlyIncomeCents: 300_000 } },
    { seed: 7, billCount: 0, incomeCount: 4, today: '2027-06-01' },
    { seed: 8, billCount: 60, incomeCount: 6, today: '2028-02-28', laterWindowDays: 7 },
  ];
  return cases.map(({ laterWindowDays, bankAnalytics, ...options }) => ({
    name: `seed ${options.seed}: ${options.billCount} bills, ${options.incomeCount} incomes, ${options.today}, window ${laterWindowDays ?? 'default'}`,
    input: {
      ...generateDataSet(options),
      ...(laterWindowDays === undefined ? {} : { laterWindowDays }),
      ...(bankAnalytics === undefined ? {} : { bankAnalytics }),
    },
  }));
}
