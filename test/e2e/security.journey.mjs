// Security and privacy: the app talks to no one but its own origin, runs
// under a strict Content-Security-Policy without violations, loads only the
// first-visit chunks up front, and its built code evaluates no strings.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyseBundle } from '../../scripts/check-bundle.mjs';
import { TAB_NAMES, waitForPanel } from './runner-expect.mjs';
import { attributeHits, scanForDynamicCode } from './runner-scan.mjs';

/** Records every CSP violation the page reports (runs before the app). */
function recordCspViolations() {
  /** @type {Array<Record<string, string | number>>} */
  const violations = [];
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

/**
 * Parses a CSP string into directive → values.
 * @param {string} policy
 */
function parseCsp(policy) {
  const directives = new Map();
  for (const part of policy.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), values);
  }
  return directives;
}

/**
 * Moves the first slider of the panel a little and opens a data table, the
 * kinds of interaction that load code or draw charts.
 * @param {import('playwright-core').Locator} panel
 */
async function interactALittle(panel) {
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

export const journeys = {
  /** @param {import('playwright-core').Page} first */
  'no request leaves the app origin and the CSP holds': async (
    first,
    { assert, baseUrl, newPage, log },
  ) => {
    await first.close();
    const page = await newPage();
    await page.addInitScript(recordCspViolations);
    /** @type {string[]} */
    const requests = [];
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
    log(`${network.length} requests, all to ${origin}: ${foreign.length === 0 ? 'yes' : 'NO'}`);
    assert.deepEqual(foreign, [], 'the app requests nothing from another origin');

    const violations = await page.evaluate(() => /** @type {any} */ (window).__cspViolations);
    assert.deepEqual(violations, [], 'the app runs under its CSP without a violation');
  },

  /** @param {import('playwright-core').Page} page */
  'the CSP meta tag forbids inline and eval scripts': async (page, { assert, distDir }) => {
    const policies = await page
      .locator('meta[http-equiv="Content-Security-Policy" i]')
      .evaluateAll((metas) => metas.map((m) => m.getAttribute('content') ?? ''));
    assert.equal(policies.length, 1, 'index.html carries one CSP meta tag');
    const csp = parseCsp(policies[0] ?? '');
    const scriptSrc = csp.get('script-src') ?? csp.get('default-src');
    assert.ok(scriptSrc, 'the CSP restricts scripts (script-src or default-src)');
    for (const forbidden of [
      "'unsafe-inline'",
      "'unsafe-eval'",
      "'unsafe-hashes'",
      '*',
      'data:',
      'http:',
      'https:',
    ]) {
      assert.ok(!scriptSrc.includes(forbidden), `script-src must not allow ${forbidden}`);
    }
    assert.deepEqual(csp.get('object-src'), ["'none'"], "object-src is 'none'");
    assert.deepEqual(
      csp.get('connect-src') ?? csp.get('default-src'),
      ["'self'"],
      'connect-src is self',
    );
    // The built page has no inline script the CSP would have to allow.
    const html = readFileSync(join(distDir, 'index.html'), 'utf8');
    const inline = [...html.matchAll(/<script\b(?![^>]*\ssrc=)[^>]*>/g)].map((m) => m[0]);
    assert.deepEqual(inline, [], 'dist/index.html has no inline <script>');
  },

  /** @param {import('playwright-core').Page} first */
  'a first visit loads only the entry and the default tab': async (
    first,
    { assert, baseUrl, newPage, distDir, log },
  ) => {
    await first.close();
    const page = await newPage();
    /** @type {string[]} */
    const scripts = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script' || request.url().endsWith('.js')) {
        scripts.push(new URL(request.url()).pathname.replace(/^\//, ''));
      }
    });
    await page.goto(baseUrl, { waitUntil: 'networkidle' });
    await waitForPanel(page, 'Offload gate');
    const expected = analyseBundle(distDir).firstVisit;
    log(`first visit loads ${[...new Set(scripts)].sort().join(', ')}`);
    assert.deepEqual(
      [...new Set(scripts)].sort(),
      [...expected].sort(),
      'the browser loads exactly the chunks check-bundle counts as the first visit',
    );
    await page.getByRole('tab', { name: 'Prompt budget', exact: true }).click();
    await waitForPanel(page, 'Prompt budget');
    assert.ok(
      scripts.some((s) => /BudgetPanel-/.test(s)),
      'the budget tab chunk loads when the tab is opened',
    );
  },

  /** @param {import('playwright-core').Page} _page */
  'the built JavaScript evaluates no strings in our own code': async (
    _page,
    { assert, distDir, projectRoot, log },
  ) => {
    const found = scanForDynamicCode(join(distDir, 'assets'));
    if (found.length === 0) {
      log('no eval( / Function( / new Function( in dist/assets/*.js');
      return;
    }
    const { hits, buildError } = attributeHits(found, projectRoot);
    if (buildError) log(`could not rebuild with source maps: ${buildError}`);
    for (const hit of hits) {
      const origin = hit.source
        ? hit.library
          ? `library ${hit.library}`
          : 'OUR CODE'
        : 'unattributed';
      log(`${hit.call}( in ${hit.file} ← ${hit.source ?? '?'} (${origin}): …${hit.context}…`);
    }
    const ours = hits.filter((h) => h.source && !h.library);
    assert.deepEqual(
      ours.map((h) => h.source),
      [],
      'our own code never evaluates strings',
    );
    const unknown = hits.filter((h) => !h.source);
    assert.deepEqual(
      unknown.map((h) => `${h.file}: ${h.context}`),
      [],
      'every eval/Function use is attributed to a library (is dist/ stale? run npm run build)',
    );
  },
};
