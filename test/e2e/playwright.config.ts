import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests in Debian's Chromium against the whole local runtime, started by
 * global-setup on free ports with an in-memory database. Never downloads a browser.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 1,
  // One retry, as a safety net only: a test that needs it is reported as flaky in the JSON report and is
  // a bug to fix (the Form picker, axe during a close animation and axe during an announcement were, and
  // the whole suite ran 50 of 50 green without retries on 2026-11-23).
  retries: 1,
  // A limit, not a speed claim: the longest flows (the form builder, admin's create-rename-deactivate) take
  // about 30 s on a quiet machine and passed 45 s at load 15 (2026-12-05).
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '../../test-results/e2e.json' }]],
  outputDir: '../../test-results/e2e-artifacts',
  use: {
    baseURL: process.env.E2E_BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
});
