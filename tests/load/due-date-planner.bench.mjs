// The due-date planner's speed: planDueDates from the built libs/finance-rules on seeded households of 30 bills
// (monthly mostly, with their billers' answers and allowed days) and 4 income sources (weekly, biweekly, twice a
// month, monthly; one a school year, one variable), on a last-paycheck base and on a bank balance. Each case
// is warmed up, then timed call by call; the median and p99 of every call are recorded. Budget: p99 under 50 ms.
// Build first: `npx nx run finance-rules:build`.
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { writeBenchResult } from '../../tools/bench/results.mjs';
import { REPO_ROOT } from '../../tools/lib/paths.mjs';

const { planDueDates, addDays } = await import(pathToFileURL(join(REPO_ROOT, 'libs/finance-rules/dist/index.js')).href);

const BUDGET_P99_MS = 50;
const CASES = 8;
const WARM_UP_CALLS = 30;
const TIMED_CALLS = 150;
const TODAY = '2026-12-07';

/** mulberry32: the same households every run. */
function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function household(seed) {
  const random = seededRandom(seed);
  const int = (min, max) => min + Math.floor(random() * (max - min + 1));
  const recurrences = ['monthly', 'monthly', 'monthly', 'monthly', 'monthly', 'quarterly', 'yearly', 'weekly', 'biweekly'];
  const flex = ['yes', 'yes', 'unknown', 'no'];
  const bills = Array.from({ length: 30 }, (_, i) => ({
    id: `bill-${seed}-${i}`,
    name: `Bill ${String(i).padStart(2, '0')}`,
    amountCents: i === 0 ? 160_000 : int(1_500, 60_000),
    dueDate: addDays(TODAY, int(0, 40)),
    priority: ['low', 'medium', 'high'][int(0, 2)],
    category: 'other',
    recurring: i === 0 ? 'monthly' : recurrences[int(0, recurrences.length - 1)],
    flexibility: i === 0 ? 'no' : flex[int(0, flex.length - 1)],
    dueDayMin: random() < 0.2 ? int(1, 5) : 1,
    dueDayMax: random() < 0.3 ? 28 : 31,
    ...(random() < 0.1 ? { canMove: false } : {}),
  }));
  const incomes = [
    { id: 'a', source: 'Hospital', amountCents: int(150_000, 250_000), frequency: 'biweekly', nextDate: addDays(TODAY, int(1, 14)) },
    { id: 'b', source: 'School district', amountCents: int(200_000, 400_000), frequency: 'monthly', nextDate: '2026-12-25', paidMonths: [1, 2, 3, 4, 5, 6, 9, 10, 11, 12] },
    { id: 'c', source: 'Agency', amountCents: int(60_000, 120_000), lowAmountCents: int(20_000, 50_000), frequency: 'twice-monthly', payDays: [15, 31], nextDate: '2026-12-15' },
    { id: 'd', source: 'Tips', amountCents: int(10_000, 30_000), frequency: 'weekly', nextDate: addDays(TODAY, int(1, 7)) },
  ];
  const bank = seed % 2 === 0 ? { bankBalanceCents: int(0, 300_000), bankBalanceDate: TODAY } : {};
  return { bills, incomes, today: TODAY, thresholdCents: 25_000, ...bank };
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
const round = (ms) => Math.round(ms * 1000) / 1000;

const timings = [];
// CPU time too: on a shared machine wall time counts the waits for a core, CPU time only the planner's own work.
const cpuTimings = [];
let moves = 0;
for (let seed = 1; seed <= CASES; seed += 1) {
  const input = household(seed);
  for (let i = 0; i < WARM_UP_CALLS; i += 1) planDueDates(input);
  for (let i = 0; i < TIMED_CALLS; i += 1) {
    const cpu = process.cpuUsage();
    const start = performance.now();
    const plan = planDueDates(input);
    timings.push(performance.now() - start);
    const used = process.cpuUsage(cpu);
    cpuTimings.push((used.user + used.system) / 1000);
    if (i === 0) moves += plan.moves.length;
  }
}
timings.sort((a, b) => a - b);
cpuTimings.sort((a, b) => a - b);
const medianMs = round(quantile(timings, 0.5));
const p99Ms = round(quantile(timings, 0.99));
const maxMs = round(timings[timings.length - 1]);
const result = {
  bills: 30,
  incomes: 4,
  households: CASES,
  calls: timings.length,
  movesPlanned: moves,
  medianMs,
  p99Ms,
  maxMs,
  cpuMedianMs: round(quantile(cpuTimings, 0.5)),
  cpuP99Ms: round(quantile(cpuTimings, 0.99)),
  loadAverage: loadavg().map((value) => Math.round(value * 100) / 100),
  budgetP99Ms: BUDGET_P99_MS,
  withinBudget: p99Ms < BUDGET_P99_MS,
};
const path = writeBenchResult('due-date-planner', result);
console.log(`planDueDates, 30 bills and 4 incomes, ${timings.length} calls over ${CASES} households: median ${medianMs} ms, p99 ${p99Ms} ms, max ${maxMs} ms (budget: p99 < ${BUDGET_P99_MS} ms)`);
console.log(`CPU time per call: median ${result.cpuMedianMs} ms, p99 ${result.cpuP99Ms} ms; load average ${result.loadAverage.join(' ')}`);
console.log(`Results: ${path}`);
if (!result.withinBudget) process.exitCode = 1;
