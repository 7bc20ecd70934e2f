import { defineConfig } from '@playwright/test';

// Debian's Chromium, never a downloaded browser (the test bootstrap installs it). `npm test` starts the stack and sets BASE_URL.
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.e2e.ts',
  outputDir: '.artifacts/results',
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: [['list']],
  use: {
    baseURL: process.env.BASE_URL ?? 'http://localhost:8080',
    browserName: 'chromium',
    headless: true,
    screenshot: 'only-on-failure',
    trace: 'off',
    // The app's service worker is judged in installable-app.e2e.ts, which allows it. Elsewhere it is held back: a
    // page it controls fetches past page.route (Playwright cannot see the worker's requests), and each journey should
    // meet the network as it is, not a kept copy.
    serviceWorkers: 'block',
    launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS },
  },
});
