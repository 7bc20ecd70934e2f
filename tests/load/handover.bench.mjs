// How soon a phone gets the live app on the public pages. Lighthouse's simulated throttling
// (lighthouse.bench.mjs) models bandwidth and CPU but hardly sees the federation chain's round trips, so this
// loads the pages in Chromium under DevTools throttling and times, from navigation, the app's hand-over (the
// prerendered copy's #root loses data-prerendered) and, on /blog, the first post card (or the empty view).
// Two profiles: Lighthouse's mobile one (slow 4G: 150 ms, 1.6 Mbps, CPU 4x slower) and a fast 4G phone
// (40 ms, 9 Mbps, CPU 2x slower). Each page RUNS times in a fresh context; medians. HANDOVER_URL measures a
// stack that is already running; HANDOVER_PAGES=/,/blog narrows the pages.
import { loadavg } from 'node:os';
import { chromium } from '@playwright/test';
import { chromePath, median, startStackForBench, writeResults } from './bench-kit.mjs';

const RUNS = Number(process.env.HANDOVER_RUNS ?? 5);
const PAGES = process.env.HANDOVER_PAGES ? process.env.HANDOVER_PAGES.split(',') : ['/', '/about', '/blog', '/login'];
const PROFILES = [
  { name: 'slow 4G, CPU 4x', latencyMs: 150, downMbps: 1.6, upMbps: 0.75, cpuSlowdown: 4 },
  { name: 'fast 4G, CPU 2x', latencyMs: 40, downMbps: 9, upMbps: 1.5, cpuSlowdown: 2 },
];
const TIMEOUT_MS = 60_000;

/** One load of `url` in a fresh phone-sized context under `profile`: ms to the hand-over and to /blog's list. */
async function loadOnce(browser, url, profile) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: profile.latencyMs,
      downloadThroughput: (profile.downMbps * 1e6) / 8,
      uploadThroughput: (profile.upMbps * 1e6) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuSlowdown });
    const started = Date.now();
    await page.goto(url, { waitUntil: 'commit' });
    const isBlog = new URL(url).pathname === '/blog';
    const listMs = isBlog ? await page.locator('.blog-card, .blog-state--empty').first().waitFor({ timeout: TIMEOUT_MS }).then(() => Date.now() - started) : null;
    await page.locator('#root[data-prerendered]').waitFor({ state: 'detached', timeout: TIMEOUT_MS });
    return { handOverMs: Date.now() - started, listMs };
  } finally {
    await context.close();
  }
}

async function runHandOverBench() {
  const stack = process.env.HANDOVER_URL ? null : await startStackForBench();
  const baseUrl = process.env.HANDOVER_URL ?? stack.appUrl;
  const browser = await chromium.launch({ executablePath: await chromePath() });
  try {
    const loadBefore = loadavg();
    console.log(`\nHand-over of the public pages, ${RUNS}x per page and profile, medians, at ${baseUrl}; load average ${loadBefore.map((v) => v.toFixed(2)).join(' ')}`);
    const results = [];
    for (const profile of PROFILES) {
      for (const path of PAGES) {
        const samples = [];
        for (let run = 0; run < RUNS; run += 1) samples.push(await loadOnce(browser, new URL(path, baseUrl).href, profile));
        const result = { profile: profile.name, path, handOverMs: median(samples.map((s) => s.handOverMs)), samples };
        if (path === '/blog') result.listMs = median(samples.map((s) => s.listMs));
        results.push(result);
        console.log(`  ${profile.name.padEnd(16)} ${path.padEnd(8)} hand-over ${String(result.handOverMs).padStart(5)} ms${result.listMs ? `   first post card ${result.listMs} ms` : ''}`);
      }
    }
    const file = writeResults('handover.json', {
      browser: `Chromium ${browser.version()}`,
      runs: RUNS,
      baseUrl,
      loadBefore,
      loadAfter: loadavg(),
      profiles: PROFILES,
      results,
    });
    console.log(`\nResults written to ${file}`);
  } finally {
    await browser.close();
    await stack?.stop();
  }
}

await runHandOverBench();
