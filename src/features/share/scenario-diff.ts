/**
 * Every input that differs between two scenarios, found by walking both:
 * each difference is named by its field path in words ("Turn 3 › hop 2 ›
 * output tokens"), with A's and B's value, and grouped by the tab that edits
 * it. List items are matched by what names them (a price row by its model, a
 * budget row by its id, a policy by its id), else by position.
 */
import type { Strategy } from '../../core/index.ts';
import { formatDecimal } from '../../format/number-format.ts';
import { describeStrategy } from './strategy-words.ts';

/** The tab (or part) an input belongs to. */
export type DiffGroup =
  'Offload gate' | 'Prompt budget' | 'Model routing' | 'Your traffic' | 'Prices' | 'View';

/** One input that differs. */
export interface InputDifference {
  readonly group: DiffGroup;
  /** The field path in words. */
  readonly field: string;
  readonly a: string;
  readonly b: string;
}

const GROUPS: Record<string, DiffGroup> = {
  gate: 'Offload gate',
  budget: 'Prompt budget',
  routing: 'Model routing',
  traffic: 'Your traffic',
  prices: 'Prices',
  ui: 'View',
};

/** The group order in which differences are listed. */
export const GROUP_ORDER: readonly DiffGroup[] = [
  'Offload gate',
  'Prompt budget',
  'Model routing',
  'Your traffic',
  'Prices',
  'View',
];

// Field names in the words the tabs use; anything else is split from camelCase.
const WORDS: Record<string, string> = {
  outputTokens: 'output tokens',
  horizon: 'horizon (turns)',
  recallProbability: 'recall probability',
  modelName: 'model',
  largeOffloadThresholdTokens: 'large-offload threshold (tokens)',
  stubTokens: 'stub tokens',
  recallInputTokens: 'recall hop input tokens',
  recallOutputTokens: 'recall hop output tokens',
  tailTokens: 'tail tokens',
  population: 'policy comparison',
  medianTokens: 'median size (tokens)',
  sigma: 'spread σ of ln(size)',
  pasted: 'pasted sizes',
  sizeOnlyThresholdTokens: 'size-only threshold (tokens)',
  carryBasis: 'carried-context basis',
  cacheHitShare: 'cache-hit share',
  recallElasticity: 'recall elasticity',
  maxTotalTokens: 'budget (tokens)',
  unbounded: 'unbounded',
  charsPerToken: 'characters per token',
  sectionBudgets: 'section budgets',
  estimatorErrorPct: 'estimator error (%)',
  errorScope: 'error scope',
  contributionId: 'id',
  pinned: 'pinned',
  tier: 'tier',
  tokens: 'tokens',
  text: 'pasted text',
  section: 'section',
  scenario: '',
  systemTokens: 'system prompt tokens',
  cacheTtlSeconds: 'cache TTL (s)',
  cacheTtlChoice: 'cache TTL choice',
  thinkingInvalidatesCache: 'thinking invalidates the cache',
  policies: 'policies',
  strategy: 'resolver strategy',
  defaultModel: 'default model',
  turns: 'turns',
  replay: 'replay',
  modelMode: 'models',
  oneModel: 'every call on',
  mapping: 'model mapping',
  ttl: 'cache TTL',
  hops: 'hops',
  gapSeconds: 'gap (s)',
  userTokens: 'user tokens',
  complexity: 'complexity',
  toolNames: 'tool names',
  thinkingTokens: 'thinking tokens',
  toolResultTokens: 'tool result tokens',
  latencySeconds: 'latency (s)',
  forcedTool: 'forced tool',
  preset: 'conversation preset',
  generator: 'generator',
  baselineModels: 'baseline models',
  model: 'model',
  thinking: 'thinking',
  ttlSeconds: 'TTL (s)',
  classifierUsd: 'classifier cost (USD a call)',
  inner: 'inner strategy',
  kind: 'kind',
  simple: 'simple →',
  complex: 'complex →',
  when: 'when',
  input: 'input price ($/M)',
  output: 'output price ($/M)',
  cacheWrite: 'cache write price ($/M)',
  cacheWrite1h: '1-hour cache write price ($/M)',
  cacheRead: 'cache read price ($/M)',
  maxInputTokens: 'context window (tokens)',
  minCacheableTokens: 'minimum cacheable prompt (tokens)',
  longContext: 'long-context tier',
  thresholdTokens: 'threshold (tokens)',
  provider: 'provider',
  rows: 'rows',
  tab: 'open tab',
  theme: 'theme',
  reportTitle: 'report title',
  reportNote: 'report note',
};

function words(key: string): string {
  return WORDS[key] ?? key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
}

/** What names a list item, by the list's key: the item's own name where it has one. */
const ITEM_KEYS: Record<string, { key: string; label: (name: string) => string }> = {
  'prices.rows': { key: 'model', label: (n) => n },
  'budget.rows': { key: 'contributionId', label: (n) => `row “${n}”` },
  'budget.sectionBudgets': { key: 'section', label: (n) => `section “${n}”` },
  'routing.scenario.policies': { key: 'id', label: (n) => `policy “${n}”` },
};

const POSITION_WORDS: Record<string, string> = { turns: 'Turn', hops: 'hop' };

/** A value as a reader sees it: numbers with separators, booleans as yes / no. */
// Enumerated values that read better in words than as their code.
const VALUE_WORDS: Record<string, string> = {
  asBilled: 'as each conversation ran',
  fiveMinutes: '5 minutes',
  oneHour: '1 hour',
};

export function showValue(value: unknown): string {
  if (typeof value === 'string' && value in VALUE_WORDS) return VALUE_WORDS[value]!;
  if (value === undefined) return '(not set)';
  if (value === null) return '(none)';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return '—';
    return Number.isInteger(value) ? value.toLocaleString('en-US') : formatDecimal(value, 6, 0);
  }
  if (typeof value === 'string') {
    const text = value.length > 60 ? `${value.slice(0, 60)}…` : value;
    return value === '' ? '(empty)' : `“${text}”`;
  }
  if (Array.isArray(value)) return `${value.length} ${value.length === 1 ? 'item' : 'items'}`;
  const text = JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

interface Walk {
  readonly out: InputDifference[];
  readonly limit: number;
  readonly group: DiffGroup;
}

function push(walk: Walk, path: readonly string[], a: string, b: string): void {
  if (walk.out.length >= walk.limit) return;
  const field = path.filter((p) => p !== '').join(' › ');
  walk.out.push({ group: walk.group, field: field.charAt(0).toUpperCase() + field.slice(1), a, b });
}

function walkValue(
  walk: Walk,
  keyPath: string,
  path: readonly string[],
  a: unknown,
  b: unknown,
): void {
  if (walk.out.length >= walk.limit || a === b) return;
  // The resolver strategy reads best whole, in the words the report uses.
  if (keyPath === 'routing.scenario.strategy' && isRecord(a) && isRecord(b)) {
    if (JSON.stringify(a) !== JSON.stringify(b)) {
      push(
        walk,
        path,
        describeStrategy(a as unknown as Strategy),
        describeStrategy(b as unknown as Strategy),
      );
    }
    return;
  }
  if (isRecord(a) && isRecord(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
    for (const key of keys) {
      walkValue(walk, `${keyPath}.${key}`, [...path, words(key)], a[key], b[key]);
    }
    return;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    walkList(walk, keyPath, path, a, b);
    return;
  }
  if (JSON.stringify(a) === JSON.stringify(b)) return;
  push(walk, path, showValue(a), showValue(b));
}

function walkList(
  walk: Walk,
  keyPath: string,
  path: readonly string[],
  a: readonly unknown[],
  b: readonly unknown[],
): void {
  const named = ITEM_KEYS[keyPath];
  const listName = keyPath.split('.').pop() ?? '';
  if (named !== undefined) {
    const nameOf = (item: unknown) => (isRecord(item) ? String(item[named.key]) : String(item));
    const inB = new Map(b.map((item) => [nameOf(item), item]));
    const inA = new Map(a.map((item) => [nameOf(item), item]));
    const parent = path.slice(0, -1);
    for (const item of a) {
      const name = nameOf(item);
      if (!inB.has(name)) push(walk, [...parent, named.label(name)], 'present', 'removed');
      else walkValue(walk, `${keyPath}[]`, [...parent, named.label(name)], item, inB.get(name));
    }
    for (const item of b) {
      const name = nameOf(item);
      if (!inA.has(name)) push(walk, [...parent, named.label(name)], 'absent', 'added');
    }
    // Same items in another order (the budget compiles rows in their order).
    const orderA = a.map(nameOf).filter((n) => inB.has(n));
    const orderB = b.map(nameOf).filter((n) => inA.has(n));
    if (orderA.join('\u0000') !== orderB.join('\u0000')) {
      push(walk, [...path, 'order'], orderA.join(', '), orderB.join(', '));
    }
    return;
  }
  const positional = POSITION_WORDS[listName];
  if (positional === undefined || a.some((x) => !isRecord(x)) || b.some((x) => !isRecord(x))) {
    if (JSON.stringify(a) !== JSON.stringify(b)) {
      const list = (xs: readonly unknown[]) =>
        xs.every((x) => typeof x !== 'object' || x === null)
          ? xs.map((x) => (typeof x === 'string' ? x : showValue(x))).join(', ') || '(none)'
          : showValue(xs);
      push(walk, path, list(a), list(b));
    }
    return;
  }
  if (a.length !== b.length)
    push(walk, [...path, 'count'], showValue(a.length), showValue(b.length));
  const parent = path.slice(0, -1);
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    walkValue(walk, `${keyPath}[]`, [...parent, `${positional} ${i + 1}`], a[i], b[i]);
  }
}

/**
 * Every input that differs between scenario A and scenario B (at most
 * `limit`, in the order of the groups), with both values in words.
 */
export function inputDifferences(
  a: Readonly<Record<string, unknown>>,
  b: Readonly<Record<string, unknown>>,
  limit = 400,
): InputDifference[] {
  const out: InputDifference[] = [];
  for (const group of GROUP_ORDER) {
    const part = Object.keys(GROUPS).find((k) => GROUPS[k] === group);
    if (part === undefined) continue;
    walkValue({ out, limit, group }, part, [], a[part], b[part]);
  }
  return out;
}
