// Prints the median milliseconds per computeDashboard call for the generated 100-bill / 10-income
// data sets of src/testing/dashboard-snapshot.json. Run after a build: `node bench/compute-dashboard.bench.mjs`
// (from libs/finance-rules). A measurement to read, not a test: timings depend on the machine and
// its load, which is why it reports a median of many short batches rather than one long average.
import { readFileSync } from 'node:fs';
import { computeDashboard } from '../dist/index.js';

const WARM_UP_CALLS = 200;
const BATCHES = 61;
const CALLS_PER_BATCH = 20;

const { cases } = JSON.parse(readFileSync(new URL('../src/testing/dashboard-snapshot.json', import.meta.url), 'utf8'));
// The fixture keeps the bank figures under their recorded key, `analytics`; the input calls them `bankAnalytics`.
const big = cases
  .filter(({ input }) => input.bills.length === 100 && input.incomes.length === 10)
  .map(({ name, input: { analytics, ...input } }) => ({ name, input: analytics === undefined ? input : { ...input, bankAnalytics: analytics } }));

function medianMsPerCall(input) {
  for (let i = 0; i < WARM_UP_CALLS; i += 1) computeDashboard(input); // JIT
  const batches = [];
  for (let b = 0; b < BATCHES; b += 1) {
    const start = performance.now();
    for (let i = 0; i < CALLS_PER_BATCH; i += 1) computeDashboard(input);
    batches.push((performance.now() - start) / CALLS_PER_BATCH);
  }
  return batches.sort((x, y) => x - y)[Math.floor(BATCHES / 2)];
}

for (const { name, input } of big) {
  console.log(`${medianMsPerCall(input).toFixed(3)} ms per call (median)  ${name}`);
}
