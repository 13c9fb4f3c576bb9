// Finding the journeys in test/e2e/*.journey.mjs and running one of them in
// a fresh browser context, with a timeout and page-error collection.

import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** A journey may take this long, unless its module exports `timeoutMs`. */
export const DEFAULT_JOURNEY_TIMEOUT_MS = 60_000;
/** Any single Playwright action or locator wait gives up after this long. */
export const ACTION_TIMEOUT_MS = 15_000;
const VIEWPORT = { width: 1280, height: 900 };

/**
 * @typedef {object} Journey
 * @property {string} name        "file" for a default export, "file › key" for a named one
 * @property {string} file
 * @property {((page: import('playwright-core').Page, ctx: object) => Promise<void>) | null} fn
 * @property {Error | null} loadError  set when the module could not be imported
 * @property {object} contextOptions   extra browser-context options (e.g. bypassCSP)
 * @property {number} timeoutMs
 */

/**
 * Imports every *.journey.mjs in `dir` (sorted by file name) and lists its
 * default export and each entry of its `journeys` export. A module that fails
 * to import becomes a failing journey instead of stopping the run.
 * @param {string} dir
 * @returns {Promise<Journey[]>}
 */
export async function loadJourneys(dir) {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.journey.mjs'))
    .sort();
  /** @type {Journey[]} */
  const journeys = [];
  for (const file of files) {
    const base = basename(file, '.journey.mjs');
    const common = { file, fn: null, loadError: null, contextOptions: {}, timeoutMs: 0 };
    let mod;
    try {
      mod = await import(pathToFileURL(join(dir, file)).href);
    } catch (error) {
      journeys.push({ ...common, name: base, loadError: asError(error) });
      continue;
    }
    const shared = {
      ...common,
      contextOptions: mod.contextOptions ?? {},
      timeoutMs: Number(mod.timeoutMs) || DEFAULT_JOURNEY_TIMEOUT_MS,
    };
    if (typeof mod.default === 'function')
      journeys.push({ ...shared, name: base, fn: mod.default });
    for (const [key, fn] of Object.entries(mod.journeys ?? {})) {
      if (typeof fn === 'function') journeys.push({ ...shared, name: `${base} › ${key}`, fn });
    }
    if (!journeys.some((j) => j.file === file)) {
      journeys.push({
        ...common,
        name: base,
        loadError: new Error(`${file} exports no journey (a default function or \`journeys\`)`),
      });
    }
  }
  return journeys;
}

/** @param {unknown} error */
export function asError(error) {
  return error instanceof Error ? error : new Error(String(error));
}

/** File-name-safe form of a journey name. */
export function slug(name) {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * Runs one journey: a fresh context and page opened at `env.baseUrl`, then
 * `fn(page, ctx)` under a timeout. Fails on an uncaught page error in any page
 * the journey opened; console errors are collected and reported.
 * @param {Journey} journey
 * @param {{ browser: import('playwright-core').Browser, baseUrl: string, subPathUrl: string,
 *           distDir: string, projectRoot: string, resultsDir: string }} env
 */
export async function runJourney(journey, env) {
  const failureShot = `${slug(journey.name)}-failure`;
  rmSync(join(env.resultsDir, `${failureShot}.png`), { force: true }); // from an earlier run
  const started = performance.now();
  /** @type {string[]} */
  const pageErrors = [];
  /** @type {string[]} */
  const consoleErrors = [];
  /** @type {string[]} */
  const notes = [];
  /** @type {import('playwright-core').BrowserContext[]} */
  const contexts = [];
  const watched = new WeakSet();
  /** @type {import('playwright-core').Page[]} */
  const pages = [];
  const watch = (page) => {
    if (watched.has(page)) return;
    watched.add(page);
    pages.push(page);
    page.on('pageerror', (error) => pageErrors.push(error.stack ?? error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
  };
  const newPage = async (options = {}) => {
    const context = await env.browser.newContext({
      viewport: VIEWPORT,
      ...journey.contextOptions,
      ...options,
    });
    context.setDefaultTimeout(ACTION_TIMEOUT_MS);
    context.on('page', watch);
    contexts.push(context);
    const page = await context.newPage();
    watch(page);
    return page;
  };

  /** @type {import('playwright-core').Page | undefined} */
  let page;
  const screenshot = async (name, target = page) => {
    mkdirSync(env.resultsDir, { recursive: true });
    const path = join(env.resultsDir, `${name}.png`);
    await target?.screenshot({ path, fullPage: true });
    return path;
  };
  const ctx = {
    baseUrl: env.baseUrl,
    subPathUrl: env.subPathUrl,
    distDir: env.distDir,
    projectRoot: env.projectRoot,
    assert,
    browser: env.browser,
    newPage,
    screenshot,
    /** Prints a line under the journey's result. */
    log: (text) => notes.push(String(text)),
    /** Console errors seen so far (read-only copy). */
    consoleErrors: () => [...consoleErrors],
  };

  /** @type {Error | null} */
  let error = journey.loadError;
  if (!error && journey.fn) {
    const fn = journey.fn;
    const run = (async () => {
      page = await newPage();
      await page.goto(env.baseUrl, { waitUntil: 'load' });
      await fn(page, ctx);
    })();
    run.catch(() => {}); // a rejection after a timeout is expected
    let timer;
    const timeout = new Promise((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`timed out after ${journey.timeoutMs} ms`)),
        journey.timeoutMs,
      );
    });
    try {
      await Promise.race([run, timeout]);
    } catch (caught) {
      error = asError(caught);
    } finally {
      clearTimeout(timer);
    }
    if (!error && pageErrors.length > 0) {
      error = new Error(`uncaught error in the page:\n${pageErrors.join('\n')}`);
    }
    const lastOpen = pages.filter((p) => !p.isClosed()).at(-1);
    if (error && lastOpen) {
      await screenshot(failureShot, lastOpen).catch(() => {});
    }
  }
  await Promise.all(contexts.map((c) => c.close().catch(() => {})));
  return {
    name: journey.name,
    ms: Math.round(performance.now() - started),
    error,
    consoleErrors,
    notes,
  };
}
