// Lighthouse's installability audits on /dashboard, signed in, in Debian's Chromium, on the production build
// served by the gateway as `npm start` serves it (docs/installable-app.md).
//
// Lighthouse 12 dropped its PWA category; the installability audits ("installable-manifest", which asks
// Chromium's own installability check, and the manifest audits beside it) live in Lighthouse 11, kept as the
// `lighthouse-pwa` dev dependency for this bench alone. The browser is an ordinary profile, not an off-the-record
// one (Chromium installs nothing off the record), signed in through the sign-in screen first, and Lighthouse is
// told to keep its storage, so it audits the dashboard a person sees, served and controlled by the service worker.
// LIGHTHOUSE_URL=http://host:port audits a stack that is already running instead of starting one.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse-pwa';
import { chromePath, registerBenchUser, startStackForBench, writeResults } from './bench-kit.mjs';
import { findFreePort } from '../../tools/lib/network.mjs';

const PAGE = '/dashboard';
/** Lighthouse 11's PWA category: installability first, then what an installed app looks like. */
const AUDITS = ['installable-manifest', 'splash-screen', 'themed-omnibox', 'maskable-icon', 'viewport', 'content-width'];

/** Signs in through the sign-in screen and waits until the service worker controls the dashboard. */
async function signInAndInstallWorker(context, baseUrl, { email, password }) {
  const page = await context.newPage();
  await page.goto(new URL('/login', baseUrl).href);
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/^password/i).fill(password);
  await page.getByRole('button', { name: /sign in/i }).click();
  await page.waitForURL('**/dashboard');
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  const controlled = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null);
  if (!controlled) throw new Error('the service worker does not control /dashboard after a reload');
  await page.close();
}

export async function runInstallabilityBench() {
  const stack = process.env.LIGHTHOUSE_URL ? null : await startStackForBench();
  const baseUrl = process.env.LIGHTHOUSE_URL ?? stack.appUrl;
  const profile = mkdtempSync(join(tmpdir(), 'paycadence-installability-'));
  const port = await findFreePort();
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: await chromePath(),
    headless: true,
    args: [`--remote-debugging-port=${port}`, '--no-sandbox', '--disable-gpu'],
  });
  try {
    await signInAndInstallWorker(context, baseUrl, await registerBenchUser(baseUrl, 'installability'));
    const url = new URL(PAGE, baseUrl).href;
    const started = performance.now();
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['pwa'],
      disableStorageReset: true,
    });
    const elapsedMs = Math.round(performance.now() - started);
    const { audits, runtimeError, finalDisplayedUrl } = result.lhr;
    if (runtimeError) throw new Error(`${url}: ${runtimeError.code} ${runtimeError.message}`);
    if (new URL(finalDisplayedUrl).pathname !== PAGE) {
      throw new Error(`Lighthouse ended on ${finalDisplayedUrl}, not ${PAGE}: the session did not carry over`);
    }
    const checks = AUDITS.map((id) => ({
      id,
      title: audits[id].title,
      passed: audits[id].score === 1,
      ...(audits[id].score === 1 ? {} : { explanation: audits[id].explanation ?? audits[id].errorMessage ?? '' }),
    }));
    const installabilityErrors = (audits['installable-manifest'].details?.items ?? []).map((item) => item.reason);
    const figures = {
      lighthouse: result.lhr.lighthouseVersion,
      browser: result.lhr.environment.hostUserAgent.match(/(?:Headless)?Chrome\/[\d.]+/)?.[0] ?? 'unknown',
      page: PAGE,
      signedIn: true,
      serviceWorkerControlled: true,
      elapsedMs,
      installable: checks[0].passed,
      installabilityErrors,
      checks,
    };
    console.log(`\nLighthouse ${figures.lighthouse} PWA audits on ${PAGE}, signed in, in ${figures.browser}:`);
    for (const check of checks) console.log(`  ${check.passed ? 'pass' : 'FAIL'}  ${check.id}${check.passed ? '' : `: ${check.explanation}`}`);
    const path = writeResults('installability.json', figures);
    console.log(`\nResults written to ${path}`);
    return figures;
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
    await stack?.stop();
  }
}

const figures = await runInstallabilityBench();
process.exit(figures.checks.every((check) => check.passed) ? 0 : 1);
