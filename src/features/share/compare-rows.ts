/**
 * Scenario A beside scenario B: each headline figure of both, and the
 * difference B − A in words a reviewer reads at a glance.
 */
import { formatPercent, formatTokens, formatUsd } from '../../ui/format.ts';
import { formatDecimal } from '../../format/number-format.ts';
import type { HeadlineFigures, Outcome } from '../../domain/headline-figures.ts';

/** One line of the comparison table. */
export interface ComparisonRow {
  readonly id: string;
  readonly label: string;
  readonly a: string;
  readonly b: string;
  /** B − A, signed, or "same" / "changed" for words. */
  readonly difference: string;
  readonly changed: boolean;
  /** Both sides are figures (kept on one line), not words (which wrap, isolated from the page's direction). */
  readonly numeric: boolean;
}

/** A figure of one side: a number of a kind, or words. */
export type Figure =
  | { kind: 'usd' | 'tokens' | 'count' | 'fraction'; value: number }
  | { kind: 'text'; value: string };

interface FigureSpec {
  id: string;
  label: string;
  read: (f: HeadlineFigures) => Figure | { error: string };
}

/** A part's figure, or the core's message when the part failed. */
export function from<T>(
  outcome: Outcome<T>,
  pick: (value: T) => Figure | { error: string },
): Figure | { error: string } {
  return outcome.ok ? pick(outcome.value) : { error: outcome.error };
}

/** A policy's change against never offloading, as a fraction (null: never costs nothing). */
function deltaFigure(outcome: { readonly deltaVsNeverPct: number | null }): Figure {
  return outcome.deltaVsNeverPct === null
    ? { kind: 'text', value: '—' }
    : { kind: 'fraction', value: outcome.deltaVsNeverPct / 100 };
}

const SPECS: readonly FigureSpec[] = [
  {
    id: 'gate-decision',
    label: 'Offload gate decision',
    read: (f) =>
      from(f.gate, (g) => ({ kind: 'text', value: g.decision.fire ? 'Offload' : 'Keep inline' })),
  },
  {
    id: 'gate-net',
    label: 'Gate net saving',
    read: (f) => from(f.gate, (g) => ({ kind: 'usd', value: g.decision.netSavingUsd })),
  },
  {
    id: 'population-basis',
    label: 'Policy comparison basis',
    read: (f) =>
      from(f.population, (p) => ({
        kind: 'text',
        value: p.policies.basis.carryBasis === 'cached' ? 'cache-aware' : "the seed's (uncached)",
      })),
  },
  {
    id: 'population-size-only-delta',
    label: 'Size-only offload vs never offloading',
    read: (f) => from(f.population, (p) => deltaFigure(p.policies.comparison.sizeOnly)),
  },
  {
    id: 'population-gate',
    label: 'Net-saving gate, cost per 1,000 outputs',
    read: (f) => from(f.population, (p) => ({ kind: 'usd', value: p.netSavingGateUsd })),
  },
  {
    id: 'population-gate-delta',
    label: 'Net-saving gate vs never offloading',
    read: (f) => from(f.population, (p) => deltaFigure(p.policies.comparison.gate)),
  },
  {
    id: 'budget-admitted',
    label: 'Budget: admitted tokens',
    read: (f) => from(f.budget, (b) => ({ kind: 'tokens', value: b.report.totalTokens })),
  },
  {
    id: 'budget-dropped',
    label: 'Budget: dropped rows',
    read: (f) => from(f.budget, (b) => ({ kind: 'count', value: b.report.dropped.length })),
  },
  {
    id: 'routing-total',
    label: 'Routing: total cost',
    read: (f) => from(f.routing, (r) => ({ kind: 'usd', value: r.totals.totalUsd })),
  },
  {
    id: 'routing-hit',
    label: 'Routing: cache hit rate',
    read: (f) => from(f.routing, (r) => ({ kind: 'fraction', value: r.totals.cacheHitRate })),
  },
  {
    id: 'routing-saving',
    label: 'Routing: saving vs default model',
    read: (f) => from(f.routing, (r) => ({ kind: 'usd', value: r.saving.savingUsd })),
  },
];

function show(figure: Figure | { error: string }): string {
  if ('error' in figure) return `Error: ${figure.error}`;
  switch (figure.kind) {
    case 'text':
      return figure.value;
    case 'usd':
      return formatUsd(figure.value);
    case 'tokens':
      return `${formatTokens(figure.value)} tokens`;
    case 'count':
      return formatTokens(figure.value);
    case 'fraction':
      return formatPercent(figure.value, 1);
  }
}

const signed = (text: string, delta: number) => (delta > 0 ? `+${text}` : text);

function difference(a: Figure | { error: string }, b: Figure | { error: string }): string {
  if ('error' in a || 'error' in b) return show(a) === show(b) ? 'same' : 'changed';
  if (a.kind === 'text' || b.kind === 'text') return a.value === b.value ? 'same' : 'changed';
  const delta = b.value - a.value;
  // Differences below a thousandth of a cent (or of a token) are rounding, not change.
  if (Math.abs(delta) < 1e-9) return 'same';
  switch (b.kind) {
    case 'usd':
      return signed(formatUsd(delta), delta);
    case 'tokens':
      return signed(`${formatTokens(delta).replace('-', '\u2212')} tokens`, delta);
    case 'count':
      return signed(formatTokens(delta).replace('-', '\u2212'), delta);
    case 'fraction':
      return signed(`${formatDecimal(delta * 100, 1, 1)} pp`, delta);
  }
}

/** One line of the comparison: both sides shown, and B − A. */
export function compareRow(
  id: string,
  label: string,
  a: Figure | { error: string },
  b: Figure | { error: string },
): ComparisonRow {
  const diff = difference(a, b);
  const numeric = [a, b].every((side) => !('error' in side) && side.kind !== 'text');
  return { id, label, a: show(a), b: show(b), difference: diff, changed: diff !== 'same', numeric };
}

/** The comparison table of A and B: one row per headline figure. */
export function compareFigures(a: HeadlineFigures, b: HeadlineFigures): ComparisonRow[] {
  return SPECS.map((spec) => compareRow(spec.id, spec.label, spec.read(a), spec.read(b)));
}
