// The scenarios the UI benchmark measures each tab in, beyond the defaults:
// a full-size LiteLLM price file imported through the Prices tab, a 2,000-turn
// routing conversation and 10,000 budget rows (both loaded as scenario files
// through Import / export). Everything is generated deterministically.

import { syntheticLiteLlmPrices } from './synthetic-litellm.mjs';

/** mulberry32: a small, fast, seeded PRNG. */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const between = (random, low, high) => Math.round(low + random() * (high - low));

/**
 * A scenario file (schema v1; what it leaves out takes the defaults) whose
 * routing conversation has `turnCount` turns of 1–6 hops.
 * @param {number} [turnCount]
 */
export function routingConversationScenario(turnCount = 2_000) {
  const random = prng(2_000);
  const turns = [];
  for (let i = 0; i < turnCount; i += 1) {
    const hopCount = between(random, 1, 6);
    const hops = [];
    for (let h = 0; h < hopCount; h += 1) {
      const lastHop = h === hopCount - 1;
      hops.push({
        outputTokens: between(random, 80, lastHop ? 1_500 : 400),
        thinkingTokens: random() < 0.3 ? between(random, 200, 4_000) : 0,
        toolResultTokens: lastHop ? 0 : between(random, 100, 6_000),
        latencySeconds: Math.round((1 + random() * 19) * 10) / 10,
        forcedTool: null,
      });
    }
    turns.push({
      gapSeconds: between(random, 10, 400),
      userTokens: between(random, 20, 900),
      complexity: random() < 0.3 ? 'complex' : 'simple',
      toolNames: null,
      hops,
    });
  }
  return { v: 1, routing: { preset: 'custom', scenario: { turns } } };
}

const SECTIONS = [
  'system',
  'tools',
  'persona',
  'memory',
  'retrieved',
  'history',
  'scratch',
  'user',
];
const TIERS = ['stable', 'session', 'perTurn'];

/**
 * A scenario file with `rowCount` prompt rows (a few pinned) and a budget of
 * about half their tokens, so that a step of the Budget slider admits or
 * drops rows.
 * @param {number} [rowCount]
 */
export function budgetRowsScenario(rowCount = 10_000) {
  const random = prng(10_000);
  const rows = [];
  let total = 0;
  for (let i = 0; i < rowCount; i += 1) {
    const tokens = between(random, 10, 2_000);
    total += tokens;
    rows.push({
      contributionId: `row-${String(i + 1).padStart(5, '0')}`,
      section: SECTIONS[i % SECTIONS.length],
      tier: TIERS[Math.floor(random() * TIERS.length)],
      tokens,
      text: null,
      pinned: i % 250 === 0,
    });
  }
  return {
    v: 1,
    budget: {
      rows,
      maxTotalTokens: Math.round(total / 2),
      unbounded: false,
      sectionBudgets: [],
    },
  };
}

const EXACT = { exact: true };

/** Loads a scenario object through Import / export → Import scenario file. */
async function importScenarioFile(page, name, scenario) {
  await page.getByRole('button', { name: 'Import / export', ...EXACT }).click();
  await page.getByLabel('Import scenario file', EXACT).setInputFiles({
    name,
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(scenario)),
  });
  await page
    .getByText(/Loaded the scenario from/)
    .first()
    .waitFor({ timeout: 60_000 });
}

/**
 * The benchmark's scenarios: `id`, what it is, and `setUp(page)`, run on a
 * page freshly opened at the site (before the tab is chosen). Generated
 * files are built once, on first use.
 */
export const SCENARIOS = [
  { id: 'defaults', title: 'the defaults', setUp: async () => {} },
  {
    id: 'litellm',
    title: 'a full-size LiteLLM price file (2,985 synthetic entries) imported on the Prices tab',
    setUp: async (page) => {
      litellmFile ??= Buffer.from(JSON.stringify(syntheticLiteLlmPrices(), null, 4));
      await page.getByRole('tab', { name: 'Prices', exact: true }).click();
      await page.getByLabel('Import LiteLLM price file', EXACT).setInputFiles({
        name: 'model_prices_and_context_window.json',
        mimeType: 'application/json',
        buffer: litellmFile,
      });
      await page
        .getByRole('status')
        .filter({ hasText: /Imported [\d,]+ models/ })
        .waitFor({ timeout: 60_000 });
    },
  },
  {
    id: 'routing-2000',
    title: 'a 2,000-turn routing conversation (scenario file)',
    setUp: (page) =>
      importScenarioFile(
        page,
        'routing-2000.json',
        (routingScenario ??= routingConversationScenario()),
      ),
  },
  {
    id: 'budget-10000',
    title: '10,000 budget rows (scenario file)',
    setUp: (page) =>
      importScenarioFile(page, 'budget-10000.json', (budgetScenario ??= budgetRowsScenario())),
  },
];

/** @type {Buffer | undefined} */
let litellmFile;
/** @type {object | undefined} */
let routingScenario;
/** @type {object | undefined} */
let budgetScenario;
