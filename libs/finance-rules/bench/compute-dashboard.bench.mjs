// Prints milliseconds per computeDashboard call for the generated 100-bill / 10-income data sets of
// src/testing/dashboard-snapshot.json. Run after a build: `node bench/compute-dashboard.bench.mjs`
// (from libs/finance-rules). A measurement to read, not a test: timings depend on the machine.
import { readFileSync } from 'node:fs';
import { computeDashboard } from '../dist/index.js';

const { cases } = JSON.parse(readFileSync(new URL('../src/testing/dashboard-snapshot.json', import.meta.url), 'utf8'));
const big = cases.filter(({ input }) => input.bills.length === 100 && input.incomes.length === 10);

function msPerCall(input, minMs = 1000) {
  for (let i = 0; i < 20; i += 1) computeDashboard(input); // warm-up (JIT)
  let calls = 0;
  const start = performance.now();
  while (performance.now() - start < minMs) {
    computeDashboard(input);
    calls += 1;
  }
  return (performance.now() - start) / calls;
}

for (const { name, input } of big) {
  console.log(`${msPerCall(input).toFixed(3)} ms per call  ${name}`);
}
