/**
 * The as-billed section as it is shown, worked out from the worker's
 * analysis once per answer (the analysis query's `select`, which TanStack
 * Query keeps until the answer changes): each breakdown's rows, its chart's
 * title, bars and summary, and the sentences under the total. The section
 * and its chart only read it.
 */
import type {
  BilledRow,
  BreakdownView,
  ToolRequestCount,
  TrafficAnalysis,
} from '../../engine/traces/traffic-types.ts';
import type { BarCategory } from '../../ui/charts/bar-chart-types.ts';
import { formatUsd } from '../../ui/format.ts';
import { allTokens, BILLED_SERIES } from './billed-kinds.ts';
import { BREAKDOWN_VIEWS, rowName } from './breakdown-words.ts';
import { plural } from './plural.ts';

/** At most this many bars in a breakdown's chart. */
export const CHART_BARS = 20;

// Conversation ids are long (session UUIDs): the middle goes, both ends stay recognisable;
// a title keeps its start.
const LABEL_CHARS = 24;

// Text from traces keeps its own direction: each piece is isolated (FSI … PDI), which
// also ends any embedding or override a cut leaves open.
const isolated = (text: string) => `\u2068${text}\u2069`;

function shortLabel(text: string, chars: number, keepStart: boolean): string {
  if (text.length <= chars) return isolated(text);
  if (keepStart) return `${isolated(text.slice(0, chars - 1))}…`;
  const half = Math.floor((chars - 1) / 2);
  return `${isolated(text.slice(0, half))}…${isolated(text.slice(-half))}`;
}

/** A breakdown's bar chart: its rows, one bar each, with the words a reader hears. */
export interface BilledChartView {
  readonly title: string;
  readonly rows: readonly BilledRow[];
  /** One stack a row, by kind of token (`BILLED_SERIES`), labelled short. */
  readonly categories: readonly BarCategory[];
  /** The chart in one sentence (its accessible description). */
  readonly summary: string;
}

/** One breakdown of the bill (by conversation, model, day…). */
export interface BilledBreakdownView {
  /** The listed rows, the most expensive first (days in order). */
  readonly rows: readonly BilledRow[];
  /** Rows of this breakdown in all, listed or not. */
  readonly inAll: number;
  readonly chart: BilledChartView;
}

/** The as-billed section's figures in the form it shows them. */
export interface BilledView {
  /** The line under the total: what is left out, never priced at $0. */
  readonly totalText: string;
  /** Server-tool requests of priced calls, in all. */
  readonly toolRequests: number;
  /** What the figures assume, for a downloaded chart. */
  readonly assumptions: readonly string[];
  readonly breakdowns: Readonly<Record<BreakdownView, BilledBreakdownView>>;
}

function rowsOf(analysis: TrafficAnalysis, view: BreakdownView): readonly BilledRow[] {
  const { billed } = analysis;
  switch (view) {
    case 'model':
      return billed.byModel;
    case 'day':
      return billed.byDay;
    case 'project':
      return billed.byProject;
    case 'branch':
      return billed.byBranch;
    case 'agent':
      return billed.byAgent;
    case 'source':
      return billed.bySource;
    default:
      return billed.byConversation;
  }
}

/** "3 web_search requests, 1 code_execution request". */
export function requestsText(counts: readonly ToolRequestCount[]): string {
  return counts.map((c) => plural(c.requests, `${c.kind} request`)).join(', ');
}

function billedAssumptions(analysis: TrafficAnalysis): string[] {
  const { billed } = analysis;
  return [
    'each call at the price row its model finds in the price table, at the tier its prompt chooses',
    plural(billed.pricedCalls, 'priced call') +
      (billed.unpricedCalls > 0
        ? `, ${plural(billed.unpricedCalls, 'unpriced call')} left out`
        : ''),
    'server-tool fees per request, apart from tokens',
    'days in UTC; calls without a time under "undated"',
  ];
}

function totalText(analysis: TrafficAnalysis): string {
  const { billed } = analysis;
  if (billed.pricedCalls === 0)
    return `No call could be priced: add price rows for the models above (${plural(billed.unpricedCalls, 'call')} waiting).`;
  const tokens = allTokens(billed.pricedTokens);
  return (
    `${formatUsd(billed.totals.totalUsd)} for ${plural(billed.pricedCalls, 'priced call')} ` +
    `(${plural(tokens, 'token')})` +
    (billed.unpricedCalls > 0
      ? `; ${plural(billed.unpricedCalls, 'unpriced call')} left out, never priced at $0`
      : '')
  );
}

function chartOf(view: BreakdownView, rows: readonly BilledRow[]): BilledChartView {
  const chosen = BREAKDOWN_VIEWS.find((v) => v.id === view)!;
  const chartRows = view === 'day' ? rows.slice(-CHART_BARS) : rows.slice(0, CHART_BARS);
  const title =
    view === 'day'
      ? rows.length > CHART_BARS
        ? `Cost by day, the last ${CHART_BARS} days`
        : 'Cost by day (UTC)'
      : rows.length > CHART_BARS
        ? `Cost ${chosen.by}, the ${CHART_BARS} largest`
        : `Cost ${chosen.by}`;
  const byCost = chartRows.reduce<BilledRow | undefined>(
    (top, r) => (top === undefined || r.totalUsd > top.totalUsd ? r : top),
    undefined,
  );
  const summary =
    byCost === undefined
      ? `${title}: no priced calls.`
      : `${title}: ${chartRows.length} ${chartRows.length === 1 ? 'bar' : 'bars'}, split into plain input, cache reads, 5-minute and 1-hour cache writes, output and tool fees.` +
        ` The largest is ${rowName(view, byCost)} at ${formatUsd(byCost.totalUsd)}.`;
  return {
    title,
    rows: chartRows,
    categories: chartRows.map((r) => ({
      label: shortLabel(rowName(view, r), LABEL_CHARS, r.title !== undefined),
      values: BILLED_SERIES.map((k) => r[k.key]),
    })),
    summary,
  };
}

/** The as-billed section of `analysis` as shown, every breakdown at once (each at most 200 rows). */
export function billedViewOf(analysis: TrafficAnalysis): BilledView {
  const { billed } = analysis;
  const breakdowns = Object.fromEntries(
    BREAKDOWN_VIEWS.map(({ id }) => {
      const rows = rowsOf(analysis, id);
      return [id, { rows, inAll: billed.rowsInAll[id], chart: chartOf(id, rows) }];
    }),
  ) as Record<BreakdownView, BilledBreakdownView>;
  return {
    totalText: totalText(analysis),
    toolRequests: billed.toolRequests.reduce((n, c) => n + c.requests, 0),
    assumptions: billedAssumptions(analysis),
    breakdowns,
  };
}
