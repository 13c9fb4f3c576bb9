// A new version of the app waits for the user (vite-plugin-pwa with
// `registerType: 'prompt'`): after a first visit, a changed service worker is
// deployed; the page says "A new version is ready." and keeps running on the
// version it started with. Later hides the bar and the page stays the same
// document; Reload activates the new worker, reloads once, and the work the
// user typed is still there. Served from a copy of the build, so the change
// never touches the build the other specs test.

import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { serveStatic } from '../../scripts/serve-static.mjs';
import { controlledBy, openTab, waitForPanel } from './support/app.ts';
import { DIST_DIR } from './support/env.ts';
import { expect, test } from './support/fixtures.ts';

const EXACT = { exact: true };

/** The registration's workers: whether one waits, and the active one's script. */
function workers(page: Page): Promise<{ waiting: boolean; active: boolean }> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return { waiting: Boolean(registration?.waiting), active: Boolean(registration?.active) };
  });
}

/** A copy of the build, served; `deploy()` changes its service worker's bytes, as a new version does. */
interface Site {
  readonly url: string;
  deploy(): void;
}

async function withCopiedBuild(run: (site: Site) => Promise<void>): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'cce-update-'));
  let server: Awaited<ReturnType<typeof serveStatic>> | undefined;
  try {
    cpSync(DIST_DIR, root, { recursive: true });
    server = await serveStatic({ root });
    const sw = join(root, 'sw.js');
    await run({
      url: server.url,
      deploy: () => {
        appendFileSync(sw, '\n// the next version\n');
        expect(readFileSync(sw, 'utf8')).toContain('the next version');
      },
    });
  } finally {
    await server?.close();
    rmSync(root, { recursive: true, force: true });
  }
}

test('a new version waits for the user: Later keeps the page, Reload activates it and keeps the work', async ({
  newPage,
  note,
}) => {
  test.setTimeout(120_000);
  await withCopiedBuild(async (site) => {
    const page = await newPage();
    let loads = 0;
    page.on('load', () => {
      loads += 1;
    });
    await page.goto(site.url, { waitUntil: 'load' });
    await waitForPanel(page, 'Offload gate');
    await controlledBy(page);
    expect(await workers(page)).toEqual({ waiting: false, active: true });
    const bar = page.getByRole('status').filter({ hasText: 'A new version is ready.' });
    await expect(bar, 'no bar while nothing new waits').toHaveCount(0);

    // Work in progress.
    const output = page.getByLabel('Output tokens', EXACT);
    await output.fill('31337');
    await output.press('Tab');
    await expect.poll(() => new URL(page.url()).hash.startsWith('#s=')).toBe(true);

    // A new version is deployed: the service worker's bytes change.
    site.deploy();
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.ready).update();
    });
    await expect(bar).toBeVisible();
    await expect.poll(async () => (await workers(page)).waiting).toBe(true);
    const loadsBefore = loads;
    await bar.getByRole('button', { name: 'Later', exact: true }).click();
    await expect(bar).toHaveCount(0);
    // Workbox reports the waiting version a second time about 200 ms after
    // the first: the bar must stay away after it. (A check that nothing
    // happens needs a pause; 2 s is ten times workbox's own delay.)
    await page.waitForTimeout(2_000);
    await expect(bar, 'Later holds for the rest of the page').toHaveCount(0);
    // Never forced: the same document keeps running, with the work as it was.
    expect(loads - loadsBefore, 'Later loads nothing').toBe(0);
    await expect(output).toHaveValue('31337');
    expect((await workers(page)).waiting, 'Later leaves the new version waiting').toBe(true);

    // A later visit offers it again; Reload activates it and reloads once.
    await page.reload({ waitUntil: 'load' });
    await waitForPanel(page, 'Offload gate');
    await expect(bar).toBeVisible();
    const loadsAtReload = loads;
    const reloaded = page.waitForEvent('load');
    await bar.getByRole('button', { name: 'Reload', exact: true }).click();
    await reloaded;
    await waitForPanel(page, 'Offload gate');
    await expect
      .poll(() => workers(page), { message: 'the new worker is active and nothing waits' })
      .toEqual({ waiting: false, active: true });
    await expect(bar).toHaveCount(0);
    await expect(
      page.getByLabel('Output tokens', EXACT),
      'the work survives the update',
    ).toHaveValue('31337');
    // Once: a second reload (one per report of the update) would load again.
    await page.waitForTimeout(2_000);
    expect(loads - loadsAtReload, 'Reload reloads the page once').toBe(1);
    note('update: the bar showed, Later kept the document, Reload activated the new worker');
  });
});

test('Reload in one tab reloads that tab only: another tab says so and keeps its draft', async ({
  newPage,
  note,
}) => {
  test.setTimeout(120_000);
  await withCopiedBuild(async (site) => {
    const first = await newPage();
    await first.goto(site.url, { waitUntil: 'load' });
    await waitForPanel(first, 'Offload gate');
    await controlledBy(first);
    const second = await first.context().newPage();
    let secondLoads = 0;
    second.on('load', () => {
      secondLoads += 1;
    });
    await second.goto(site.url, { waitUntil: 'load' });
    await controlledBy(second);
    // A draft that lives only in this tab's page: trace lines pasted, not yet read.
    const panel = await openTab(second, 'Your traffic');
    const draft = panel.getByLabel('Or paste trace lines');
    await draft.fill('{"type":"a draft"}');

    site.deploy();
    await first.evaluate(async () => {
      await (await navigator.serviceWorker.ready).update();
    });
    const ready = (page: Page) =>
      page.getByRole('status').filter({ hasText: 'A new version is ready.' });
    await expect(ready(first)).toBeVisible();
    await expect(ready(second), 'every open tab is offered the new version').toBeVisible();
    const secondLoadsBefore = secondLoads;

    const reloaded = first.waitForEvent('load');
    await ready(first).getByRole('button', { name: 'Reload', exact: true }).click();
    await reloaded;
    await expect(first.getByRole('tab', { selected: true })).toBeVisible();
    await expect
      .poll(() => workers(first), { message: 'the new worker is active and nothing waits' })
      .toEqual({ waiting: false, active: true });

    const elsewhere = second.getByRole('status').filter({
      hasText: 'A new version runs in another tab.',
    });
    await expect(elsewhere).toBeVisible();
    await expect(ready(second)).toHaveCount(0);
    // Nothing reloads this tab by itself (a check that nothing happens needs a pause).
    await second.waitForTimeout(2_000);
    expect(secondLoads - secondLoadsBefore, 'the other tab is never reloaded for it').toBe(0);
    await expect(draft, 'its draft is kept').toHaveValue('{"type":"a draft"}');
    await expect(elsewhere.getByRole('button', { name: 'Reload this tab' })).toBeEnabled();
    note('update, two tabs: Reload reloaded its own tab; the other kept its draft and said so');
  });
});
