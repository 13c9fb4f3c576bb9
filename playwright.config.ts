// Playwright Test runs the end-to-end specs (test/e2e/*.spec.ts, plus the
// journey modules in the older format through journey-modules.spec.ts)
// against the built site in Debian's Chromium. See CONTRIBUTING.md "End-to-end tests".

import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './test/e2e/support/chromium.mjs';
import {
  BASE_URL,
  DIST_DIR,
  ROOT_PORT,
  SUB_PATH,
  SUB_PATH_PORT,
  SUB_PATH_URL,
} from './test/e2e/support/env.ts';

/** Serves the build with scripts/serve-static.mjs under `base` on `port`. */
function staticServer(port: number, base: string, url: string) {
  return {
    command: `node scripts/serve-static.mjs --base ${base} --port ${port} "${DIST_DIR}"`,
    // Ready when the port accepts connections: the build may still be in
    // progress in the global setup, and the server reads files per request.
    port,
    reuseExistingServer: false,
    timeout: 30_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    name: url,
  };
}

export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results/e2e',
  globalSetup: './test/e2e/support/global-setup.ts',
  // Generous waits, never speed checks: CI shares a 2-core machine, and a
  // result that never comes still fails, only later.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS) || 2,
  retries: Number(process.env.E2E_RETRIES) || 0,
  forbidOnly: true,
  reporter: [['list'], ['./test/e2e/support/summary-reporter.ts']],
  webServer: [
    staticServer(ROOT_PORT, '/', BASE_URL),
    staticServer(SUB_PATH_PORT, SUB_PATH, SUB_PATH_URL),
  ],
  use: {
    baseURL: BASE_URL,
    browserName: 'chromium',
    headless: true,
    // Debian's Chromium, never a downloaded browser.
    launchOptions: chromiumLaunchOptions(),
    viewport: { width: 1280, height: 900 },
    actionTimeout: 15_000,
    navigationTimeout: 15_000,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
