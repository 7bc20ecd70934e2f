import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { dayNumber } from '../../src/detection/core/calendar';
import {
  detectRecurringStreams,
  type DetectedStream,
  type DetectionTransaction,
} from '../../src/detection/core/detect-recurring';

/** What the emulator knows it generated (tools/plaid-emulator/bank-data-generator.mjs `streams`). */
export interface TrueStream {
  accountId: string;
  direction: 'inflow' | 'outflow';
  kind: 'bill' | 'subscription' | 'income';
  frequency: string;
  category: string;
  description: string;
  transactionIds: string[];
  predictedNextDate: string | null;
  averageAmount: number;
  lastAmount: number;
  priceChanged: boolean;
}

export interface GeneratedUser {
  seed: string;
  endDate: string;
  /** id, account, date, amount, name, merchant name, personal finance category [primary, detailed], legacy category. */
  transactions: [string, string, string, number, string, string | null, string[], string[]][];
  streams: TrueStream[];
}

/** Detection's own figures over many generated users: what the targets are stated in. */
export interface QualityFigures {
  users: number;
  transactions: number;
  trueBills: number;
  trueIncome: number;
  billPrecision: number;
  billRecall: number;
  incomePrecision: number;
  incomeRecall: number;
  nextDateWithin2Days: number;
  frequencyAgreement: number;
  priceChangeAgreement: number;
  /** Bill category (finance's form) or income type (salary) as the truth's Plaid category implies. */
  categoryAgreement: number;
  averageAmountWithin1Percent: number;
  detectionMs: number;
  misses: string[];
  falseAlarms: string[];
}

/** Suggestions are made from confidence 0.5 up; scoring counts exactly those. */
export const SUGGESTION_CONFIDENCE = 0.5;

export function generateUsers(
  users: number,
  firstEndDate = '2026-01-05',
  daysBetweenEndDates = 7,
): GeneratedUser[] {
  const script = path.join(__dirname, 'generate-users.mjs');
  const output = execFileSync(
    process.execPath,
    [script, String(users), firstEndDate, String(daysBetweenEndDates)],
    {
      maxBuffer: 256 * 1024 * 1024,
    },
  );
  return JSON.parse(output.toString('utf8')) as GeneratedUser[];
}

const TRUE_FREQUENCY: Record<string, string> = {
  WEEKLY: 'weekly',
  BIWEEKLY: 'biweekly',
  SEMI_MONTHLY: 'semi-monthly',
  MONTHLY: 'monthly',
  QUARTERLY: 'quarterly',
  ANNUALLY: 'annual',
};

/** The finance category each true stream's Plaid category stands for (the emulator's paychecks are salaries). */
const TRUE_CATEGORY: Record<string, string> = {
  INCOME_WAGES: 'salary',
  RENT_AND_UTILITIES_RENT: 'rent',
  RENT_AND_UTILITIES_GAS_AND_ELECTRICITY: 'utilities',
  ENTERTAINMENT_TV_AND_MOVIES: 'subscriptions',
  GENERAL_SERVICES_INSURANCE: 'insurance',
  BANK_FEES_OTHER_BANK_FEES: 'other',
};

/**
 * A detected stream is the true one when they share most of their transactions (at least half of each):
 * then the bill or paycheck was found, whatever name it got.
 */
function sameStream(detected: DetectedStream, truth: TrueStream): boolean {
  if (detected.accountId !== truth.accountId || detected.direction !== truth.direction) return false;
  const truthIds = new Set(truth.transactionIds);
  const shared = detected.transactionIds.filter((id) => truthIds.has(id)).length;
  return shared * 2 >= truth.transactionIds.length && shared * 2 >= detected.transactionIds.length;
}

export interface ScoringOptions {
  /** What the rows carry: Plaid's personal finance category, or the legacy hierarchy (older items). */
  categories?: 'personal' | 'legacy';
  /**
   * Rougher than the emulator: in every stream (its last two occurrences aside) 5% of the occurrences
   * missing, 10% moved 1 to 3 days (holidays, slow posting), 2% charged twice.
   */
  perturb?: boolean;
}

type Row = GeneratedUser['transactions'][number];

/** Seeded, so a perturbed run is the same on every machine. */
function seededRandom(seed: string): () => number {
  let state = 2166136261;
  for (const char of seed) state = Math.imul(state ^ char.charCodeAt(0), 16777619) >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
}

function perturbed(user: GeneratedUser): Row[] {
  const random = seededRandom(user.seed);
  const lastTwo = new Set(user.streams.flatMap((stream) => stream.transactionIds.slice(-2)));
  const inStream = new Set(user.streams.flatMap((stream) => stream.transactionIds));
  const rows: Row[] = [];
  for (const row of user.transactions) {
    if (!inStream.has(row[0]) || lastTwo.has(row[0])) {
      rows.push(row);
      continue;
    }
    const roll = random();
    if (roll < 0.05) continue;
    if (roll < 0.15) {
      const days = (1 + Math.floor(random() * 3)) * (random() < 0.5 ? -1 : 1);
      rows.push([row[0], row[1], shiftDate(row[2], days), ...row.slice(3)] as Row);
      continue;
    }
    rows.push(row);
    if (roll < 0.17) rows.push([`${row[0]}-again`, row[1], shiftDate(row[2], 1), ...row.slice(3)] as Row);
  }
  return rows;
}

const shiftDate = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Scores detection over the users against their true streams. */
export function scoreDetection(
  users: readonly GeneratedUser[],
  options: ScoringOptions = {},
): QualityFigures {
  const categories = options.categories ?? 'personal';
  const counts = {
    bills: { predicted: 0, correct: 0, truth: 0, found: 0 },
    income: { predicted: 0, correct: 0, truth: 0, found: 0 },
  };
  let pairs = 0;
  let nextDateHits = 0;
  let frequencyHits = 0;
  let priceChangeHits = 0;
  let categoryHits = 0;
  let amountHits = 0;
  let transactions = 0;
  let detectionMs = 0;
  const misses: string[] = [];
  const falseAlarms: string[] = [];
  for (const user of users) {
    const rows = options.perturb ? perturbed(user) : user.transactions;
    const input: DetectionTransaction[] = rows.map(
      ([id, accountId, date, amount, name, merchantName, personal, legacy]) => ({
        id,
        accountId,
        date,
        amount,
        name,
        merchantName,
        categories: categories === 'personal' ? personal : legacy,
        pending: false,
      }),
    );
    transactions += input.length;
    const started = performance.now();
    const detected = detectRecurringStreams(input, user.endDate).filter(
      (stream) => stream.confidence >= SUGGESTION_CONFIDENCE,
    );
    detectionMs += performance.now() - started;
    for (const truth of user.streams) {
      const bucket = truth.kind === 'income' ? counts.income : counts.bills;
      bucket.truth += 1;
      const match = detected.find((stream) => sameStream(stream, truth));
      if (!match) {
        misses.push(
          `${user.seed} ${user.endDate}: ${truth.kind} ${truth.frequency} ${truth.description} (${truth.transactionIds.length}x)`,
        );
        continue;
      }
      bucket.found += 1;
      pairs += 1;
      if (
        truth.predictedNextDate &&
        Math.abs(dayNumber(match.nextDate) - dayNumber(truth.predictedNextDate)) <= 2
      )
        nextDateHits += 1;
      else
        misses.push(
          `${user.seed} ${user.endDate}: next date ${match.nextDate} vs ${truth.predictedNextDate} for ${truth.description}`,
        );
      if (TRUE_FREQUENCY[truth.frequency] === match.frequency) frequencyHits += 1;
      if (truth.priceChanged === match.priceChanged) priceChangeHits += 1;
      if (TRUE_CATEGORY[truth.category] === match.category) categoryHits += 1;
      if (Math.abs(match.averageAmount - truth.averageAmount) <= truth.averageAmount * 0.01) amountHits += 1;
    }
    for (const stream of detected) {
      const bucket = stream.kind === 'income' ? counts.income : counts.bills;
      bucket.predicted += 1;
      if (user.streams.some((truth) => sameStream(stream, truth))) bucket.correct += 1;
      else
        falseAlarms.push(
          `${user.seed} ${user.endDate}: ${stream.kind} ${stream.frequency} ${stream.name} x${stream.occurrences} (${stream.confidence})`,
        );
    }
  }
  const share = (part: number, whole: number) => (whole === 0 ? 1 : Math.round((part / whole) * 1000) / 1000);
  return {
    users: users.length,
    transactions,
    trueBills: counts.bills.truth,
    trueIncome: counts.income.truth,
    billPrecision: share(counts.bills.correct, counts.bills.predicted),
    billRecall: share(counts.bills.found, counts.bills.truth),
    incomePrecision: share(counts.income.correct, counts.income.predicted),
    incomeRecall: share(counts.income.found, counts.income.truth),
    nextDateWithin2Days: share(nextDateHits, pairs),
    frequencyAgreement: share(frequencyHits, pairs),
    priceChangeAgreement: share(priceChangeHits, pairs),
    categoryAgreement: share(categoryHits, pairs),
    averageAmountWithin1Percent: share(amountHits, pairs),
    detectionMs: Math.round(detectionMs),
    misses,
    falseAlarms,
  };
}
