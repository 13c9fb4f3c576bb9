// Journey modules in the older format, kept for compatibility: every
// test/e2e/**/*.journey.mjs (and those in the folders of E2E_JOURNEY_DIRS,
// separated by ":") is imported when Playwright collects the tests, and each
// of its journeys becomes a Playwright test — a default export named after
// the file, and each entry `key` of `export const journeys` as "file › key".
// A module may export `contextOptions` (extra browser-context options for
// its pages) and `timeoutMs`. Playwright does the running, the retries, the
// traces and the reporting; this file only builds the `ctx` journeys expect:
// { baseUrl, subPathUrl, distDir, projectRoot, assert, browser,
//   newPage(options?), screenshot(name), log(text), consoleErrors() }.
// A module that fails to import becomes a failing test.

import assert from 'node:assert/strict';
import { mkdirSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import { PROJECT_ROOT } from './support/env.ts';
import { test } from './support/fixtures.ts';

/** What a journey receives besides its page (see CONTRIBUTING.md "End-to-end tests"). */
export interface JourneyContext {
  baseUrl: string;
  subPathUrl: string;
  distDir: string;
  projectRoot: string;
  assert: typeof assert;
  browser: Browser;
  newPage: (options?: BrowserContextOptions) => Promise<Page>;
  screenshot: (name: string, target?: Page) => Promise<string>;
  log: (text: unknown) => void;
  consoleErrors: () => string[];
}

type JourneyFn = (page: Page, ctx: JourneyContext) => Promise<void> | void;

interface JourneyModule {
  default?: unknown;
  journeys?: Record<string, unknown>;
  contextOptions?: BrowserContextOptions;
  timeoutMs?: number;
}

const E2E_DIR = join(PROJECT_ROOT, 'test', 'e2e');
const RESULTS_DIR = join(PROJECT_ROOT, 'test-results');

/** Context options that Playwright Test also takes as fixture options of the same name. */
const OPTION_FIXTURES = [
  'acceptDownloads',
  'bypassCSP',
  'colorScheme',
  'contrast',
  'deviceScaleFactor',
  'extraHTTPHeaders',
  'forcedColors',
  'geolocation',
  'hasTouch',
  'httpCredentials',
  'ignoreHTTPSErrors',
  'isMobile',
  'javaScriptEnabled',
  'locale',
  'offline',
  'permissions',
  'reducedMotion',
  'serviceWorkers',
  'storageState',
  'timezoneId',
  'userAgent',
  'viewport',
] as const;

/** Every *.journey.mjs under `dir`, sorted by path. */
function journeyFiles(dir: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir, { recursive: true, encoding: 'utf8' });
  } catch {
    return [];
  }
  return entries
    .filter((f) => f.endsWith('.journey.mjs') && !f.split(/[\\/]/).includes('node_modules'))
    .sort()
    .map((f) => join(dir, f));
}

const extraDirs = (process.env.E2E_JOURNEY_DIRS ?? '')
  .split(':')
  .filter(Boolean)
  .map((d) => resolve(PROJECT_ROOT, d));

// `npm run test:e2e -- --dir DIR` runs DIR's journeys instead of the project's own.
const searched = process.env.E2E_JOURNEYS_ONLY === '1' ? extraDirs : [E2E_DIR, ...extraDirs];

const files = searched.flatMap((dir) =>
  journeyFiles(dir).map((file) => ({
    file,
    name: relative(dir, file)
      .replace(/\\/g, '/')
      .replace(/\.journey\.mjs$/, ''),
  })),
);

const taken = new Set<string>();
for (const { file, name } of files) {
  // Two folders may hold a journey of the same name: Playwright needs unique titles.
  const base = taken.has(name) ? relative(PROJECT_ROOT, file).replace(/\\/g, '/') : name;
  taken.add(base);
  let mod: JourneyModule;
  try {
    mod = (await import(pathToFileURL(file).href)) as JourneyModule;
  } catch (error) {
    test(base, () => {
      throw new Error(`${relative(PROJECT_ROOT, file)} could not be imported`, { cause: error });
    });
    continue;
  }
  const journeys: Array<[string, JourneyFn]> = [];
  if (typeof mod.default === 'function') journeys.push([base, mod.default as JourneyFn]);
  for (const [key, fn] of Object.entries(mod.journeys ?? {})) {
    if (typeof fn === 'function') journeys.push([`${base} › ${key}`, fn as JourneyFn]);
  }
  if (journeys.length === 0) {
    test(base, () => {
      throw new Error(
        `${base}.journey.mjs exports no journey (a default function or \`journeys\`)`,
      );
    });
    continue;
  }
  const contextOptions = mod.contextOptions ?? {};
  const timeoutMs = Number(mod.timeoutMs) || 0;

  test.describe(() => {
    const options: Record<string, unknown> = { contextOptions };
    for (const key of OPTION_FIXTURES) {
      if (key in contextOptions) options[key] = contextOptions[key];
    }
    test.use(options);

    for (const [name, fn] of journeys) {
      test(
        name,
        async ({ page, browser, baseUrl, subPathUrl, distDir, newPage, note, pageWatch }) => {
          if (timeoutMs > 0) test.setTimeout(timeoutMs);
          const screenshot = async (shotName: string, target: Page = page) => {
            mkdirSync(RESULTS_DIR, { recursive: true });
            const path = join(RESULTS_DIR, `${shotName}.png`);
            await target.screenshot({ path, fullPage: true });
            await test.info().attach(shotName, { path, contentType: 'image/png' });
            return path;
          };
          const ctx: JourneyContext = {
            baseUrl,
            subPathUrl,
            distDir,
            projectRoot: PROJECT_ROOT,
            assert,
            browser,
            newPage: (extra = {}) => newPage({ ...contextOptions, ...extra }),
            screenshot,
            log: (text) => note(String(text)),
            consoleErrors: () => [...pageWatch.consoleErrors],
          };
          await page.goto(baseUrl, { waitUntil: 'load' });
          await fn(page, ctx);
        },
      );
    }
  });
}
