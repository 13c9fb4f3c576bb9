/**
 * The as-billed bill (SPEC §10, §13) as the command line prints it: one
 * breakdown as rows, for a table, CSV or JSON. The figures are the core's
 * `billTrace`; nothing is recomputed here.
 */
import type { AsBilledCost, BilledUsd } from '../core/traces/index.ts';

/** The breakdowns `--by` can name. */
export const BILL_DIMENSIONS = [
  'model',
  'conversation',
  'project',
  'branch',
  'source',
  'day',
] as const;
export type BillDimension = (typeof BILL_DIMENSIONS)[number];

const BREAKDOWN: Readonly<
  Record<BillDimension, (b: AsBilledCost) => ReadonlyMap<string, BilledUsd>>
> = {
  model: (b) => b.byModel,
  conversation: (b) => b.byConversation,
  project: (b) => b.byProject,
  branch: (b) => b.byBranch,
  source: (b) => b.bySource,
  day: (b) => b.byDay,
};

/** One row of a breakdown, USD. */
export interface BillRow extends BilledUsd {
  readonly key: string;
}

/** The rows of the `by` breakdown, most expensive first, ties by key. */
export function billRows(billed: AsBilledCost, by: BillDimension): BillRow[] {
  return [...BREAKDOWN[by](billed)]
    .map(([key, usd]) => ({ key, ...usd }))
    .sort((a, b) => b.totalUsd - a.totalUsd || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

// Tables keyed by any string (`__proto__` included): a null-prototype object.
function record<V, W>(map: ReadonlyMap<string, V>, value: (v: V) => W): Record<string, W> {
  const out = Object.create(null) as Record<string, W>;
  for (const [key, v] of map) out[key] = value(v);
  return out;
}

/** The bill as `--json` prints it: every breakdown's total, as the trace vectors shape it. */
export function billJson(billed: AsBilledCost, by: BillDimension) {
  const usd = (cost: BilledUsd) => cost.totalUsd;
  const n = (count: number) => count;
  return {
    totalUsd: billed.totals.totalUsd,
    totals: billed.totals,
    pricedCalls: billed.pricedCalls,
    by,
    rows: billRows(billed, by),
    byModel: record(billed.byModel, usd),
    byConversation: record(billed.byConversation, usd),
    byDay: record(billed.byDay, usd),
    byProject: record(billed.byProject, usd),
    byBranch: record(billed.byBranch, usd),
    bySource: record(billed.bySource, usd),
    byKind: { tokens: billed.byKind.tokensUsd, 'tool fees': billed.byKind.toolFeesUsd },
    toolRequests: record(billed.toolRequests, n),
    unpricedToolRequests: record(billed.unpricedToolRequests, n),
    unpriced: record(billed.unpriced, n),
    reported: {
      totalCostUsd: billed.reported.totalCostUsd,
      byConversation: record(billed.reported.byConversation, n),
    },
  };
}

const COLUMNS: readonly (readonly [string, keyof BilledUsd])[] = [
  ['total', 'totalUsd'],
  ['input', 'inputUsd'],
  ['cache read', 'cacheReadUsd'],
  ['write 5m', 'cacheWrite5mUsd'],
  ['write 1h', 'cacheWrite1hUsd'],
  ['output', 'outputUsd'],
  ['tool fees', 'toolFeesUsd'],
];

const usdText = (usd: number) => `$${usd.toFixed(2)}`;

/** The rows as a plain-text table for people, with a total line. */
export function billTable(billed: AsBilledCost, by: BillDimension): string {
  const rows = billRows(billed, by);
  const body = [
    [by, ...COLUMNS.map(([title]) => title)],
    ...rows.map((r) => [r.key === '' ? '(none)' : r.key, ...COLUMNS.map(([, f]) => usdText(r[f]))]),
    ['total', ...COLUMNS.map(([, f]) => usdText(billed.totals[f]))],
  ];
  const widths = body[0]!.map((_, i) => Math.max(...body.map((line) => line[i]!.length)));
  const line = (cells: readonly string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  return (
    [line(body[0]!), rule, ...body.slice(1, -1).map(line), rule, line(body.at(-1)!)].join('\n') +
    '\n'
  );
}
