// The test fixtures every spec uses: the two servers' URLs and the build
// folder, `newPage()` (a page in a fresh context: no storage), `note()` (a
// line printed under the run's summary), and an automatic watch on every page
// a test opens — an uncaught page error fails the test, console errors are
// attached to it and listed.

import {
  test as base,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';
import { BASE_URL, DIST_DIR, PROJECT_ROOT, SUB_PATH_URL } from './env.ts';

/** Page errors and console errors of every page in the watched contexts. */
export class PageWatch {
  readonly pageErrors: string[] = [];
  readonly consoleErrors: string[] = [];
  private readonly pages = new WeakSet<Page>();

  watchContext(context: BrowserContext): void {
    for (const page of context.pages()) this.watchPage(page);
    context.on('page', (page) => this.watchPage(page));
  }

  watchPage(page: Page): void {
    if (this.pages.has(page)) return;
    this.pages.add(page);
    page.on('pageerror', (error) => this.pageErrors.push(error.stack ?? error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') this.consoleErrors.push(message.text());
    });
  }
}

export interface E2eFixtures {
  baseUrl: string;
  subPathUrl: string;
  distDir: string;
  projectRoot: string;
  pageWatch: PageWatch;
  newPage: (options?: BrowserContextOptions) => Promise<Page>;
  note: (text: string) => void;
}

export const test = base.extend<E2eFixtures>({
  baseUrl: BASE_URL,
  subPathUrl: SUB_PATH_URL,
  distDir: DIST_DIR,
  projectRoot: PROJECT_ROOT,

  pageWatch: [
    async ({ context }, provide, testInfo) => {
      const watch = new PageWatch();
      watch.watchContext(context);
      await provide(watch);
      if (watch.consoleErrors.length > 0) {
        for (const text of watch.consoleErrors.slice(0, 5))
          testInfo.annotations.push({ type: 'console error', description: text });
        await testInfo.attach('console errors', {
          body: watch.consoleErrors.join('\n'),
          contentType: 'text/plain',
        });
      }
      if (watch.pageErrors.length > 0) {
        throw new Error(`uncaught error in the page:\n${watch.pageErrors.join('\n')}`);
      }
    },
    { auto: true },
  ],

  newPage: async ({ browser, pageWatch }, provide) => {
    const contexts: BrowserContext[] = [];
    await provide(async (options = {}) => {
      const context = await browser.newContext(options);
      contexts.push(context);
      pageWatch.watchContext(context);
      const page = await context.newPage();
      pageWatch.watchPage(page);
      return page;
    });
    await Promise.all(contexts.map((c) => c.close().catch(() => undefined)));
  },

  // Playwright reads the fixtures a fixture needs from its first parameter's pattern.
  // eslint-disable-next-line no-empty-pattern
  note: async ({}, provide, testInfo) => {
    await provide((text) => testInfo.annotations.push({ type: 'note', description: String(text) }));
  },
});

export { expect } from '@playwright/test';
