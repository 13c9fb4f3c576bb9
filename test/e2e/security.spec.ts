// Security and privacy: the app talks to no one but its own origin, runs
// under a strict Content-Security-Policy without violations, loads only the
// first-visit chunks up front, and its built code evaluates no strings.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator } from '@playwright/test';
import { analyseBundle } from '../../scripts/check-bundle.mjs';
import { TAB_NAMES, waitForPanel } from './support/app.ts';
import { attributeHits, scanForDynamicCode } from './support/dynamic-code.mjs';
import { expect, test } from './support/fixtures.ts';

/** Records every CSP violation the page reports (runs before the app). */
function recordCspViolations() {
  const violations: Array<Record<string, string | number>> = [];
  Object.defineProperty(window, '__cspViolations', { value: violations });
  document.addEventListener('securitypolicyviolation', (event) => {
    violations.push({
      directive: event.effectiveDirective,
      blocked: event.blockedURI,
      source: `${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
      sample: event.sample,
    });
  });
}

/** Parses a CSP string into directive → values. */
function parseCsp(policy: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), values);
  }
  return directives;
}

/**
 * Moves the first slider of the panel a little and opens a data table, the
 * kinds of interaction that load code or draw charts.
 */
async function interactALittle(panel: Locator) {
  const slider = panel.getByRole('slider').first();
  if ((await slider.count()) > 0) {
    await slider.focus();
    await slider.press('ArrowRight');
    await slider.press('ArrowRight');
    await slider.press('ArrowLeft');
  }
  const tableToggle = panel.getByRole('button', { name: 'Show data table' }).first();
  if ((await tableToggle.count()) > 0) await tableToggle.click();
}

test.describe('security', () => {
  test('no request leaves the app origin and the CSP holds', async ({ page, baseUrl, note }) => {
    await page.addInitScript(recordCspViolations);
    const requests: string[] = [];
    // The context sees requests from workers too, not only the page's own.
    page.context().on('request', (request) => requests.push(request.url()));
    page.on('websocket', (socket) => requests.push(socket.url()));
    await page.goto(baseUrl, { waitUntil: 'load' });

    for (const theme of ['Dark', 'Light']) {
      await page.getByRole('combobox', { name: /^Theme\b/ }).selectOption({ label: theme });
      for (const name of TAB_NAMES) {
        await page.getByRole('tab', { name, exact: true }).click();
        await interactALittle(await waitForPanel(page, name));
      }
    }
    await page.waitForLoadState('networkidle');

    const origin = new URL(baseUrl).origin;
    const network = requests.filter((url) => !url.startsWith('data:') && !url.startsWith('blob:'));
    const foreign = network.filter((url) => new URL(url).origin !== origin);
    note(`${network.length} requests, all to ${origin}: ${foreign.length === 0 ? 'yes' : 'NO'}`);
    expect(foreign, 'the app requests nothing from another origin').toEqual([]);

    const violations = await page.evaluate(
      () => (window as unknown as { __cspViolations: unknown[] }).__cspViolations,
    );
    expect(violations, 'the app runs under its CSP without a violation').toEqual([]);
  });

  test('the CSP meta tag forbids inline and eval scripts', async ({ page, distDir }) => {
    await page.goto('/', { waitUntil: 'load' });
    const policies = await page
      .locator('meta[http-equiv="Content-Security-Policy" i]')
      .evaluateAll((metas) => metas.map((m) => m.getAttribute('content') ?? ''));
    expect(policies.length, 'index.html carries one CSP meta tag').toBe(1);
    const csp = parseCsp(policies[0] ?? '');
    const scriptSrc = csp.get('script-src') ?? csp.get('default-src');
    expect(scriptSrc, 'the CSP restricts scripts (script-src or default-src)').toBeTruthy();
    for (const forbidden of [
      "'unsafe-inline'",
      "'unsafe-eval'",
      "'unsafe-hashes'",
      '*',
      'data:',
      'http:',
      'https:',
    ]) {
      expect(scriptSrc, `script-src must not allow ${forbidden}`).not.toContain(forbidden);
    }
    expect(csp.get('object-src'), "object-src is 'none'").toEqual(["'none'"]);
    expect(csp.get('connect-src') ?? csp.get('default-src'), 'connect-src is self').toEqual([
      "'self'",
    ]);
    // The built page has no inline script the CSP would have to allow.
    const html = readFileSync(join(distDir, 'index.html'), 'utf8');
    const inline = [...html.matchAll(/<script\b(?![^>]*\ssrc=)[^>]*>/g)].map((m) => m[0]);
    expect(inline, 'dist/index.html has no inline <script>').toEqual([]);
  });

  test('a first visit loads only the entry and the default tab', async ({
    page,
    baseUrl,
    distDir,
    note,
  }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script' || request.url().endsWith('.js')) {
        scripts.push(new URL(request.url()).pathname.replace(/^\//, ''));
      }
    });
    await page.goto(baseUrl, { waitUntil: 'networkidle' });
    await waitForPanel(page, 'Offload gate');
    const expected = analyseBundle(distDir).firstVisit;
    const loaded = [...new Set(scripts)].sort();
    note(`first visit loads ${loaded.join(', ')}`);
    expect(
      loaded,
      'the browser loads exactly the chunks check-bundle counts as the first visit',
    ).toEqual([...expected].sort());
    await page.getByRole('tab', { name: 'Prompt budget', exact: true }).click();
    await waitForPanel(page, 'Prompt budget');
    expect(
      scripts.some((s) => /BudgetPanel-/.test(s)),
      'the budget tab chunk loads when the tab is opened',
    ).toBe(true);
  });

  test('the built JavaScript evaluates no strings in our own code', async ({
    distDir,
    projectRoot,
    note,
  }) => {
    // Tracing a use back to its source rebuilds the site once with source maps.
    test.setTimeout(180_000);
    const found = scanForDynamicCode(join(distDir, 'assets'));
    if (found.length === 0) {
      note('no eval( / Function( / new Function( in dist/assets/*.js');
      return;
    }
    const { hits, buildError } = attributeHits(found, projectRoot);
    if (buildError) note(`could not rebuild with source maps: ${buildError}`);
    for (const hit of hits) {
      const origin = hit.source
        ? hit.library
          ? `library ${hit.library}`
          : 'OUR CODE'
        : 'unattributed';
      note(`${hit.call}( in ${hit.file} ← ${hit.source ?? '?'} (${origin}): …${hit.context}…`);
    }
    const ours = hits.filter((h) => h.source && !h.library);
    expect(
      ours.map((h) => h.source),
      'our own code never evaluates strings',
    ).toEqual([]);
    const unknown = hits.filter((h) => !h.source);
    expect(
      unknown.map((h) => `${h.file}: ${h.context}`),
      'every eval/Function use is attributed to a library (is dist/ stale? run npx vite build)',
    ).toEqual([]);
  });
});
