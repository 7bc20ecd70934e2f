// Lighthouse (mobile, its default simulated throttling) on every public page of the production
// build, served by the gateway as `npm start` serves it, in Debian's Chromium. Each page RUNS times (fresh
// browser each time), medians reported: the figures move with the machine's other work, so the load average is
// recorded with them. LIGHTHOUSE_URL=http://host:port measures a stack that is already running instead of
// starting one; LIGHTHOUSE_PAGES=/,/about narrows the pages; LIGHTHOUSE_LABEL names a one-off run, whose file
// goes to tests/load/results/labelled/ (neither committed nor on docs/performance.md), so that it cannot
// replace the figures of the full run.
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { RESULTS_DIR, chromePath, median, startStackForBench, writeResults } from './bench-kit.mjs';

const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

/** docs/product/accounts.md §2: the public routes; a post's page by one post the blog service seeds (services/blog/src/seed). */
export const PUBLIC_PAGES = ['/', '/about', '/blog', '/blog/why-we-built-paycadence', '/demo', '/login', '/register', '/forgot-password', '/coming-soon', '/paycheck-to-paycheck', '/privacy', '/terms', '/security'];

// The targets every public page is held to (docs/performance.md).
export const TARGETS = { score: 95, cls: 0.1, lcpMs: 2500 };


/** One Lighthouse performance run in a fresh Chromium: score (0-100), CLS, LCP, FCP, TBT (ms) and bytes. */
async function measureOnce(url) {
  const chrome = await launch({ chromePath: await chromePath(), chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    const { categories, audits, runtimeError } = result.lhr;
    if (runtimeError) throw new Error(`${url}: ${runtimeError.code} ${runtimeError.message}`);
    return {
      lighthouse: result.lhr.lighthouseVersion,
      browser: result.lhr.environment.hostUserAgent.match(/(?:Headless)?Chrome\/[\d.]+/)?.[0] ?? 'unknown',
      // Lighthouse's own measure of the CPU it got: what tells a slow page from a busy machine in TBT.
      benchmarkIndex: Math.round(result.lhr.environment.benchmarkIndex),
      score: Math.round(categories.performance.score * 100),
      cls: Number(audits['cumulative-layout-shift'].numericValue.toFixed(3)),
      lcpMs: Math.round(audits['largest-contentful-paint'].numericValue),
      fcpMs: Math.round(audits['first-contentful-paint'].numericValue),
      tbtMs: Math.round(audits['total-blocking-time'].numericValue),
      bytes: audits['total-byte-weight'].numericValue,
    };
  } finally {
    await chrome.kill();
  }
}

export async function measurePage(baseUrl, path, runs = RUNS) {
  const samples = [];
  for (let run = 0; run < runs; run += 1) samples.push(await measureOnce(new URL(path, baseUrl).href));
  const pick = (key) => median(samples.map((sample) => sample[key]));
  const summary = {
    score: pick('score'),
    cls: pick('cls'),
    lcpMs: pick('lcpMs'),
    fcpMs: pick('fcpMs'),
    tbtMs: pick('tbtMs'),
    bytes: pick('bytes'),
    benchmarkIndex: pick('benchmarkIndex'),
  };
  summary.meetsTargets = summary.score >= TARGETS.score && summary.cls <= TARGETS.cls && summary.lcpMs <= TARGETS.lcpMs;
  return { path, ...summary, samples };
}

const row = (r) =>
  `  ${r.path.padEnd(22)} score ${String(r.score).padStart(3)}   CLS ${r.cls.toFixed(3)}   LCP ${String(r.lcpMs).padStart(5)} ms   FCP ${String(r.fcpMs).padStart(5)} ms   TBT ${String(r.tbtMs).padStart(4)} ms   ${(r.bytes / 1024).toFixed(0).padStart(4)} KiB   ${r.meetsTargets ? 'ok' : 'MISSES'}`;

export async function runLighthouseBench() {
  const pages = process.env.LIGHTHOUSE_PAGES ? process.env.LIGHTHOUSE_PAGES.split(',') : PUBLIC_PAGES;
  const stack = process.env.LIGHTHOUSE_URL ? null : await startStackForBench();
  // What a browser opens: the app's own origin (stack.appUrl), as npm start prints it.
  const baseUrl = process.env.LIGHTHOUSE_URL ?? stack.appUrl;
  try {
    const loadBefore = loadavg();
    console.log(`\nLighthouse ${RUNS}x per page (mobile, simulated throttling), medians, at ${baseUrl}; load average ${loadBefore.map((v) => v.toFixed(2)).join(' ')}`);
    const results = [];
    for (const path of pages) {
      const result = await measurePage(baseUrl, path);
      results.push(result);
      console.log(row(result));
    }
    const loadAfter = loadavg();
    console.log(`  load average after: ${loadAfter.map((v) => v.toFixed(2)).join(' ')}`);
    console.log(`  targets: score ≥ ${TARGETS.score}, CLS ≤ ${TARGETS.cls}, LCP ≤ ${TARGETS.lcpMs} ms; ${results.filter((r) => r.meetsTargets).length}/${results.length} pages meet them`);
    const label = process.env.LIGHTHOUSE_LABEL;
    const { lighthouse: version, browser } = results[0]?.samples[0] ?? {};
    const path = writeResults(
      label ? `lighthouse-${label}.json` : 'lighthouse.json',
      { lighthouse: version, browser, runs: RUNS, baseUrl, loadBefore, loadAfter, targets: TARGETS, results },
      label ? { resultsDir: join(RESULTS_DIR, 'labelled') } : {},
    );
    console.log(`\nResults written to ${path}`);
    return results;
  } finally {
    await stack?.stop();
  }
}

await runLighthouseBench();
