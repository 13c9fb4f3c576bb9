/**
 * The one chart palette of the app and the report. Every colour has exactly
 * one meaning, wherever it is drawn: a chart that needs a colour for another
 * meaning adds an entry here (and its custom property in both themes of
 * `src/app/styles.css`), it never borrows one. The values are CSS custom
 * properties, so light, dark and print follow the theme; canvases resolve
 * them once per theme (see `useCanvasSurface`).
 */

/** What each colour means (docs/ARCHITECTURE.md's palette table is this list). */
export const PALETTE_MEANINGS = {
  result: 'The result of your settings: the strategy’s cost, the gate’s net saving',
  baseline: 'The baseline it is compared with: every hop on the default model, never offloading',
  best: 'The best alternative: the best subset of rows, the cheapest single model',
  other: 'Other options, drawn faintly behind the rest: the other models’ baselines',
  alternative: 'A what-if rule: the cached-input pricing basis, size-only offload',
  disagree: 'Where the seed’s basis and the what-if reach opposite verdicts',
  saves: 'Offloading saves money: the gate fires, re-prefill saved',
  loses: 'Offloading would lose money: what it costs (stub, recall hop), size-only losing',
  notPriced: 'Not priced: below the threshold, no horizon',
  cacheRead: 'Prompt tokens read from the cache (their cost)',
  cacheWrite:
    'Prompt tokens written to the cache (their cost; 5-minute writes where the two are told apart)',
  cacheWrite1h: 'Prompt tokens written to the 1-hour cache (their cost)',
  toolFees: 'Server-tool fees: web searches and other requests billed per request, not per token',
  predictionWithin:
    'A logged call whose cache reads the simulator predicted within 2 % of its prompt',
  predictionOff: 'A logged call whose cache reads the simulator predicted further off',
  input: 'Plain (uncached) input tokens',
  output: 'Output and thinking tokens',
  classifier: 'The complexity classifier’s calls',
  admitted: 'Prompt rows admitted (and the tokens the whole-row rule admits)',
  pinned: 'Pinned prompt rows, never dropped',
  dropped: 'Prompt rows dropped (hatched in the app)',
  overBudget: 'Over the budget: pinned rows that do not fit, where the compile fails',
  wasted: 'Budget headroom wasted by dropping whole rows',
  warm: 'A warm prompt cache',
  partial: 'A cache partly invalidated by a thinking change',
  cold: 'A cold prompt cache',
  notCacheable: 'Not cacheable: a prompt below the model’s minimum, billed as plain input',
  longContext: 'Billed at the model’s long-context rate',
  forcedToolDropped: 'A forced tool choice the router dropped',
  thinking: 'Thinking on',
  rulePolicy: 'Model chosen by a policy',
  ruleResolver: 'Model chosen by the resolver',
  ruleDefault: 'Model left at the default',
  model1: 'A model (by its row in the price table: 1st)',
  model2: 'A model (2nd row)',
  model3: 'A model (3rd row)',
  model4: 'A model (4th row)',
  model5: 'A model (5th row)',
  model6: 'A model (6th row)',
  model7: 'A model (7th row)',
  model8: 'A model (8th row, then the colours repeat)',
} as const;

export type PaletteKey = keyof typeof PALETTE_MEANINGS;

/** The custom property of a palette key: `cacheRead` → `--c-cache-read`. */
export function paletteProperty(key: PaletteKey): string {
  return `--c-${key.replace(/[A-Z0-9]/g, (c) => `-${c.toLowerCase()}`)}`;
}

/** Every palette colour as a `var(--c-…)` reference. */
export const PALETTE = Object.fromEntries(
  Object.keys(PALETTE_MEANINGS).map((key) => [key, `var(${paletteProperty(key as PaletteKey)})`]),
) as { readonly [K in PaletteKey]: string };

const MODEL_KEYS = [
  'model1',
  'model2',
  'model3',
  'model4',
  'model5',
  'model6',
  'model7',
  'model8',
] as const satisfies readonly PaletteKey[];

/**
 * The colour of a model: by its row in the price table, so a model keeps its
 * colour in every chart (wraps after eight; an unknown model takes the next).
 */
export function modelColor(model: string, modelNames: readonly string[]): string {
  const i = modelNames.indexOf(model);
  const index = i < 0 ? modelNames.length : i;
  return PALETTE[MODEL_KEYS[index % MODEL_KEYS.length] as PaletteKey];
}

/** Neutral ink for axes, grid and labels: not meanings, so not in the palette. */
export const INK = {
  text: 'var(--text)',
  muted: 'var(--muted)',
  grid: 'var(--grid)',
  surface: 'var(--surface)',
  surface2: 'var(--surface-2)',
} as const;
