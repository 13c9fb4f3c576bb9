/**
 * Playwright Test config for the durability journeys (issue 13): two tabs,
 * full storage, newer-version saves, extreme values. Runs Debian's Chromium
 * against a static serve of dist/ (build first: `npx vite build`).
 *
 *   npx playwright test -c test/e2e/durable/playwright.durable.config.ts
 */
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env['DURABLE_PORT'] ?? 4331);

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  timeout: 60_000,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  outputDir: '../../../test-results/durable',
  use: {
    baseURL: `http://127.0.0.1:${PORT}/`,
    viewport: { width: 1280, height: 900 },
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: `node scripts/serve-static.mjs --port ${PORT} dist`,
    cwd: '../../..',
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: true,
    timeout: 30_000,
  },
});
