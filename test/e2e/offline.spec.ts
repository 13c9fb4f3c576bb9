// The app works offline after a first visit: a generated service worker
// precaches the build, takes control of the page, and a reload with the
// network cut still opens the explorer, every tab and a saved scenario — at
// the root and from the GitHub-Pages-style sub-path — with no request to
// another origin. The web manifest names the app and its own icons.

import { mkdirSync } from 'node:fs';
import type { BrowserContext } from '@playwright/test';
import { controlledBy, openTab, TAB_NAMES, waitForPanel } from './support/app.ts';
import { expect, test } from './support/fixtures.ts';

const EXACT = { exact: true };
const SHOTS = 'test-results/offline';

/** Every URL the context requests, workers' and the service worker's included. */
function recordRequests(context: BrowserContext): string[] {
  const urls: string[] = [];
  context.on('request', (request) => urls.push(request.url()));
  return urls;
}

for (const where of ['root', 'sub-path'] as const) {
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    test(`after a first visit the app works offline (${where}, ${viewport.width} px)`, async ({
      baseUrl,
      subPathUrl,
      newPage,
      note,
    }) => {
      test.setTimeout(90_000);
      const url = where === 'root' ? baseUrl : subPathUrl;
      const page = await newPage({ viewport });
      const requests = recordRequests(page.context());
      await page.goto(url, { waitUntil: 'load' });
      await waitForPanel(page, 'Offload gate');
      const scope = await controlledBy(page);
      expect(scope, 'the worker is scoped to where the app is served').toBe(url);

      // Some work to come back to.
      const output = page.getByLabel('Output tokens', EXACT);
      await output.fill('31337');
      await output.press('Tab');
      await expect.poll(() => new URL(page.url()).hash.startsWith('#s=')).toBe(true);

      await page.context().setOffline(true);
      await page.reload({ waitUntil: 'load' });
      await expect(page).toHaveTitle(/Context Cost Explorer/);
      await waitForPanel(page, 'Offload gate');
      await expect(output, 'the saved work is back, offline').toHaveValue('31337');
      // Every tab's chunk comes from the cache.
      for (const name of TAB_NAMES) await openTab(page, name);
      await openTab(page, 'Offload gate');
      // The last tab switch is saved (an idle save: late on a loaded machine) before a new page reads it.
      await expect
        .poll(() =>
          page.evaluate(() => {
            const text = localStorage.getItem('cce:scenario:v1');
            return text === null ? null : (JSON.parse(text) as { ui: { tab: string } }).ui.tab;
          }),
        )
        .toBe('gate');
      // A fresh page of the same app (a new tab, say) opens offline too, on the shared save.
      const second = await page.context().newPage();
      await second.goto(url);
      await waitForPanel(second, 'Offload gate');
      await expect(second.getByLabel('Output tokens', EXACT)).toHaveValue('31337');
      await second.close();
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: `${SHOTS}/offline-${where}-${viewport.width}.png` });
      await page.context().setOffline(false);

      const origin = new URL(url).origin;
      const network = requests.filter((u) => !u.startsWith('data:') && !u.startsWith('blob:'));
      const foreign = network.filter((u) => new URL(u).origin !== origin);
      note(`${where}: ${network.length} requests, none to another origin: ${foreign.length === 0}`);
      expect(foreign, 'no request to another origin').toEqual([]);
    });
  }
}

test('the web manifest names the app and its own icons', async ({ page, baseUrl, subPathUrl }) => {
  for (const url of [baseUrl, subPathUrl]) {
    await page.goto(url, { waitUntil: 'load' });
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href, 'the page links a manifest').not.toBeNull();
    const manifestUrl = new URL(href ?? '', url).href;
    const response = await page.request.get(manifestUrl);
    expect(response.ok(), `${manifestUrl} is served`).toBe(true);
    const manifest = (await response.json()) as {
      name: string;
      start_url: string;
      scope: string;
      display: string;
      icons: { src: string; sizes: string; type: string }[];
    };
    expect(manifest.name).toBe('Context Cost Explorer');
    expect(manifest.display).toBe('standalone');
    expect(new URL(manifest.scope, manifestUrl).href).toBe(url);
    expect(manifest.icons.map((i) => i.sizes)).toEqual(
      expect.arrayContaining(['192x192', '512x512']),
    );
    for (const icon of manifest.icons) {
      const iconUrl = new URL(icon.src, manifestUrl);
      expect(iconUrl.origin, 'icons are the app’s own').toBe(new URL(url).origin);
      const file = await page.request.get(iconUrl.href);
      expect(file.ok(), `${icon.src} is served`).toBe(true);
      expect(file.headers()['content-type']).toContain(icon.type.split('+')[0] ?? icon.type);
    }
  }
});
