/**
 * The estimator error band: the chars-per-token estimate is only an estimate,
 * so what if every affected row really costs X% fewer or X% more tokens?
 * Each case is admitted by the core; a row "flips" when its fate differs from
 * the nominal case.
 */
import type { BudgetRow } from '../../core/index.ts';
import type { ErrorScope } from '../../model/budget.ts';
import type { CompiledRow } from '../../domain/compiled-rows.ts';
import { evaluateBudget, type BudgetOutcome, type RowStatus } from './evaluate.ts';

/** Typical estimator error by kind of text (the explorer's rough assumptions, not measurements). */
export const ERROR_PRESETS: readonly { readonly label: string; readonly pct: number }[] = [
  { label: 'Prose', pct: 10 },
  { label: 'Code', pct: 25 },
  { label: 'JSON', pct: 35 },
  { label: 'CJK text', pct: 60 },
];

/** One what-if case of the band. */
export interface BandCase {
  readonly label: string;
  /** Multiplier applied to the affected rows' tokens. */
  readonly factor: number;
  readonly rows: readonly BudgetRow[];
  readonly outcome: BudgetOutcome;
}

/** A row whose fate differs between the cases. */
export interface Flip {
  readonly id: string;
  readonly low: RowStatus;
  readonly nominal: RowStatus;
  readonly high: RowStatus;
}

export interface ErrorBand {
  readonly low: BandCase;
  readonly nominal: BandCase;
  readonly high: BandCase;
  readonly flips: readonly Flip[];
  /** How many rows the band scales. */
  readonly affectedRows: number;
}

/** Status of a row in a case; a failed compile counts as "notCompiled" for every droppable row. */
function statusIn(outcome: BudgetOutcome, id: string): RowStatus {
  return outcome.kind === 'invalid' ? 'notCompiled' : (outcome.status.get(id) ?? 'notCompiled');
}

/** The band's three sets of rows: they depend on the rows and the error, not on the budget. */
export interface BandRows {
  readonly pct: number;
  readonly low: readonly BudgetRow[];
  readonly nominal: readonly BudgetRow[];
  readonly high: readonly BudgetRow[];
  readonly affectedRows: number;
}

/**
 * The compiled rows with tokens × (1 − pct/100), as given and × (1 + pct/100),
 * rounded to whole tokens. `scope` picks the rows scaled: every row, or only
 * rows estimated from text.
 */
export function bandRows(
  compiled: readonly CompiledRow[],
  pct: number,
  scope: ErrorScope,
): BandRows {
  const affected = (c: CompiledRow) => scope === 'all' || c.row.text !== null;
  const scaled = (factor: number): BudgetRow[] =>
    compiled.map((c) => ({
      contributionId: c.row.contributionId,
      position: c.position,
      tokens: affected(c) ? Math.max(0, Math.round(c.tokens * factor)) : c.tokens,
      pinned: c.row.pinned,
    }));
  return {
    pct,
    low: scaled(1 - pct / 100),
    nominal: scaled(1),
    high: scaled(1 + pct / 100),
    affectedRows: compiled.filter(affected).length,
  };
}

/** Admits the band's three sets of rows under `limit` and lists the rows that flip. */
export function errorBandAt(rows: BandRows, limit: number | null): ErrorBand {
  const { pct } = rows;
  const makeCase = (label: string, factor: number, caseRows: readonly BudgetRow[]): BandCase => ({
    label,
    factor,
    rows: caseRows,
    outcome: evaluateBudget(caseRows, limit),
  });
  const low = makeCase(`−${pct}%`, 1 - pct / 100, rows.low);
  const nominal = makeCase('as estimated', 1, rows.nominal);
  const high = makeCase(`+${pct}%`, 1 + pct / 100, rows.high);
  const flips: Flip[] = [];
  for (const row of rows.nominal) {
    const id = row.contributionId;
    const flip = {
      id,
      low: statusIn(low.outcome, id),
      nominal: statusIn(nominal.outcome, id),
      high: statusIn(high.outcome, id),
    };
    if (flip.low !== flip.nominal || flip.high !== flip.nominal) flips.push(flip);
  }
  return { low, nominal, high, flips, affectedRows: rows.affectedRows };
}

/**
 * Admits the compiled rows three times (tokens × (1 − pct/100), as given,
 * × (1 + pct/100), rounded to whole tokens) and lists the rows that flip.
 * `scope` picks the rows scaled: every row, or only rows estimated from text.
 */
export function errorBand(
  compiled: readonly CompiledRow[],
  limit: number | null,
  pct: number,
  scope: ErrorScope,
): ErrorBand {
  return errorBandAt(bandRows(compiled, pct, scope), limit);
}
