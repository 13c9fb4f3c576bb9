/**
 * The budget's two charts as nodes of the derivation graph: the compiled
 * bar's segments, its total and drawn stretches, and the admission ladder's
 * series. The segments read the rows and their fates, never the budget, so a
 * budget step that changes no fate keeps them (and the bar's shapes);
 * the ladder's series read the rows, the axis length, which follows the
 * budget only above the rows' total, and the engine's best totals
 * (`best-nodes.ts`), kept while they are equal.
 */
import { sameList, sameRecord } from '../../domain/equality.ts';
import { computed } from '../../state/derive.ts';
import type { Span } from '../../ui/charts/LineChart.tsx';
import { INK, PALETTE } from '../../ui/charts/palette.ts';
import type { Marker } from '../../ui/charts/scales.ts';
import { sameDrawInputs } from '../../ui/charts/use-canvas-surface.ts';
import { formatTokens } from '../../ui/format.ts';
import { barSegments, drawnBarSegments } from './bar-segments.ts';
import { boundedIds } from './IdList.tsx';
import { ladderChartData } from './ladder-chart-data.ts';
import { STATUS_TEXT } from './evaluate.ts';
import { budgetFates, budgetLimit, budgetOutcome, rowsAnalysis } from './use-budget.ts';
import {
  bestSubsetTable,
  bestTotalByBudget,
  budgetBestHere,
  ladderDrawnBudgets,
  ladderMaxBudget,
} from './best-nodes.ts';

const sameRange = (a: readonly [number, number], b: readonly [number, number]) =>
  a[0] === b[0] && a[1] === b[1];

/** What the budget charts' downloaded images name under their titles. */
export const budgetAssumptions = computed(
  'budget.assumptions',
  (): readonly string[] => {
    const limit = budgetLimit.get();
    return [
      limit === null ? 'no budget (unbounded)' : `budget ${formatTokens(limit)} tokens`,
      `${rowsAnalysis.get().compiled.length} prompt rows`,
    ];
  },
  { isEqual: (a, b) => sameList(a, b) },
);

// ---- The compiled bar ----

/** One segment per row in compiled order, with its fate: kept while no row or fate changes. */
export const barSegs = computed('budget.bar.segments', () => {
  const { compiled, ranks } = rowsAnalysis.get();
  return barSegments(compiled, budgetFates.get(), ranks);
});

/** The compiled prompt's tokens. */
export const barTotal = computed('budget.bar.total', () =>
  barSegs.get().reduce((sum, s) => sum + s.tokens, 0),
);

/** The segments as drawn: thousands of rows in a few hundred stretches (the table keeps every row). */
export const barDrawn = computed('budget.bar.drawn', () => drawnBarSegments(barSegs.get()));

/** The bar's length: the prompt or the budget, whichever is longer. */
export const barDomain = computed(
  'budget.bar.domain',
  (): readonly [number, number] => [0, Math.max(1, barTotal.get(), budgetLimit.get() ?? 0)],
  { isEqual: sameRange },
);

/** The budget's line across the bar. */
export const barReferences = computed(
  'budget.bar.references',
  () => {
    const limit = budgetLimit.get();
    return limit === null
      ? []
      : [{ value: limit, color: INK.text, width: 2, label: `Budget ${formatTokens(limit)}` }];
  },
  { isEqual: sameDrawInputs },
);

/** The bar in words. */
export const barSummary = computed('budget.bar.summary', (): string => {
  const outcome = budgetOutcome.get();
  const rows = rowsAnalysis.get().compiled.length;
  const head = `The compiled prompt is ${formatTokens(barTotal.get())} tokens in ${rows} rows`;
  if (outcome.kind === 'invalid') return `${head}; no decision until the ids are fixed.`;
  if (outcome.kind === 'pinnedExceeds') {
    return `${head}. The pinned rows (${boundedIds(outcome.error.pinnedIds)}) alone need ${formatTokens(outcome.error.pinnedTokens)} tokens, more than the budget of ${formatTokens(outcome.error.limit)}, so nothing compiles.`;
  }
  const r = outcome.report;
  const kept = `${r.admitted.length} rows (${formatTokens(r.totalTokens)} tokens) are admitted`;
  if (r.limit === null) return `${head}; with no budget all ${kept}.`;
  return (
    `${head}; under the budget of ${formatTokens(r.limit)} tokens ${kept}` +
    (r.dropped.length === 0
      ? ' and nothing is dropped.'
      : ` and ${boundedIds(r.dropped, 'and')} ${r.dropped.length === 1 ? 'is' : 'are'} dropped.`)
  );
});

/** The bar's CSV: built when a download asks for it. */
export const barCsvRows = () =>
  barSegs.get().map((s) => ({
    position: s.position + 1,
    id: s.id,
    tokens: s.tokens,
    fromToken: s.start,
    status: STATUS_TEXT[s.status],
  }));

// ---- The admission ladder ----

/** The ladder's series, drop points, regions, sentence and CSV rows. */
export const ladderChart = computed('budget.ladder.chart', () =>
  ladderChartData(
    rowsAnalysis.get().ladder,
    ladderDrawnBudgets.get(),
    ladderMaxBudget.get(),
    bestTotalByBudget.get(),
  ),
);

/** The figures over the ladder: what the rule admits, the headroom it wastes, the best subset. */
export interface LadderFigures {
  /** Tokens the whole-row rule admits; null when the compile fails or the ids are invalid. */
  readonly admittedTokens: number | null;
  /** Budget left unused by the rule; null when unbounded or nothing compiles. */
  readonly wastedTokens: number | null;
  /** Tokens the best subset keeps (never fewer than the rule); null where there is none or while computing. */
  readonly bestKeptTokens: number | null;
  /** Whether the engine has yet to give the best subset at this budget (there is one). */
  readonly bestComputing: boolean;
  /** Whether the best subset keeps more than the rule. */
  readonly bestBeatsRule: boolean;
  /** The droppable rows the best subset keeps. */
  readonly bestIds: readonly string[];
  /** The rows the rule admits. */
  readonly ruleIds: readonly string[];
}

export const ladderFigures = computed(
  'budget.ladder.figures',
  (): LadderFigures => {
    const outcome = budgetOutcome.get();
    const limit = budgetLimit.get();
    const bestHere = budgetBestHere.get();
    const admitted = outcome.kind === 'ok' ? outcome.report.totalTokens : null;
    return {
      admittedTokens: admitted,
      wastedTokens: admitted === null || limit === null ? null : limit - admitted,
      bestKeptTokens:
        bestHere == null || admitted === null ? null : Math.max(bestHere.keptTokens, admitted),
      bestComputing: bestHere === undefined && admitted !== null,
      bestBeatsRule: bestHere != null && admitted !== null && bestHere.keptTokens > admitted,
      bestIds: bestHere?.ids ?? [],
      ruleIds: outcome.kind === 'ok' ? outcome.report.admitted : [],
    };
  },
  { isEqual: sameRecord },
);

/** The budget's mark on the ladder, when it is on the axis. */
export const ladderMarkers = computed(
  'budget.ladder.markers',
  (): Marker[] => {
    const limit = budgetLimit.get();
    return limit === null || limit > ladderMaxBudget.get()
      ? []
      : [{ x: limit, label: 'Budget', color: INK.text, dash: '4 3' }];
  },
  { isEqual: sameDrawInputs },
);

/** The headroom wasted at the budget, as a span from what the rule admits up to the budget. */
export const ladderSpans = computed(
  'budget.ladder.spans',
  (): Span[] => {
    const limit = budgetLimit.get();
    const admitted = ladderFigures.get().admittedTokens;
    return limit !== null && admitted !== null && limit > admitted && limit <= ladderMaxBudget.get()
      ? [
          {
            x: limit,
            y0: admitted,
            y1: limit,
            color: PALETTE.wasted,
            width: 5,
            className: 'ladder-waste',
          },
        ]
      : [];
  },
  { isEqual: sameDrawInputs },
);

/** How the current budget compares under the rule and the best subset, and where rows drop. */
export const ladderSummary = computed('budget.ladder.summary', (): string => {
  const outcome = budgetOutcome.get();
  const table = bestSubsetTable.get();
  const tail = ladderChart.get().tail;
  const approx = table === null || table.exact ? '' : ' (approximate)';
  if (outcome.kind === 'invalid') return 'No ladder until the ids are fixed.' + tail;
  if (outcome.kind === 'pinnedExceeds') {
    return (
      `At ${formatTokens(outcome.error.limit)} tokens nothing compiles: the pinned rows need ${formatTokens(outcome.error.pinnedTokens)}.` +
      tail
    );
  }
  const r = outcome.report;
  if (r.limit === null)
    return `Unbounded: all ${formatTokens(r.totalTokens)} tokens are admitted.` + tail;
  const wasted = r.limit - r.totalTokens;
  const bestHere = budgetBestHere.get();
  const bestTokens = Math.max(bestHere?.keptTokens ?? r.totalTokens, r.totalTokens);
  const gain = bestTokens - r.totalTokens;
  return (
    `At the budget of ${formatTokens(r.limit)} tokens the whole-row rule admits ${formatTokens(r.totalTokens)}, leaving ${formatTokens(wasted)} tokens of headroom unused. ` +
    (bestHere === undefined
      ? 'Best subset: computing…'
      : gain > 0
        ? `The best subset of droppable rows could keep ${formatTokens(bestTokens)}${approx}: ${formatTokens(gain)} more.`
        : `No subset of droppable rows keeps more${approx}: here the rule is as good as it gets.`) +
    tail
  );
});

/** One rung of the ladder's data table. */
export interface LadderRung {
  readonly fromBudget: number;
  readonly toBudget: number | null;
  readonly admittedTokens: number;
  readonly newlyDropped: readonly string[];
  /** The most headroom the rule wastes on this rung (at its top). */
  readonly wastedTokens: number;
  /** What the best subset keeps at the rung's top budget; null while the engine computes it. */
  readonly bestAtTopTokens: number | null;
}

/** The ladder's rungs for its data table (built when the table is shown). */
export const ladderRungs = computed('budget.ladder.rungs', (): readonly LadderRung[] => {
  const { ladder } = rowsAnalysis.get();
  const bestAt = bestTotalByBudget.get();
  const total = ladder?.totalTokens ?? 0;
  return (ladder?.steps ?? []).map((s) => {
    const best = bestAt?.get(s.toBudget ?? total);
    return {
      fromBudget: s.fromBudget,
      toBudget: s.toBudget,
      admittedTokens: s.admittedTokens,
      newlyDropped: s.newlyDropped,
      wastedTokens: s.toBudget === null ? 0 : s.toBudget - s.admittedTokens,
      bestAtTopTokens: best === undefined ? null : Math.max(best ?? 0, s.admittedTokens),
    };
  });
});
