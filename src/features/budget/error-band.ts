/**
 * The estimator error band: the chars-per-token estimate is only an estimate,
 * so what if every affected row really costs X% fewer or X% more tokens?
 * Each case is admitted by the core; a row "flips" when its fate differs from
 * the nominal case.
 */
import type { BudgetRow } from '../../core/index.ts';
import type { ErrorScope } from '../../state/slices/budget-slice.ts';
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
  const affected = (c: CompiledRow) => scope === 'all' || c.row.text !== null;
  const makeCase = (label: string, factor: number): BandCase => {
    const rows = compiled.map((c) => ({
      contributionId: c.row.contributionId,
      position: c.position,
      tokens: affected(c) ? Math.max(0, Math.round(c.tokens * factor)) : c.tokens,
      pinned: c.row.pinned,
    }));
    return { label, factor, rows, outcome: evaluateBudget(rows, limit) };
  };
  const low = makeCase(`−${pct}%`, 1 - pct / 100);
  const nominal = makeCase('as estimated', 1);
  const high = makeCase(`+${pct}%`, 1 + pct / 100);
  const flips: Flip[] = [];
  for (const c of compiled) {
    const id = c.row.contributionId;
    const flip = {
      id,
      low: statusIn(low.outcome, id),
      nominal: statusIn(nominal.outcome, id),
      high: statusIn(high.outcome, id),
    };
    if (flip.low !== flip.nominal || flip.high !== flip.nominal) flips.push(flip);
  }
  return { low, nominal, high, flips, affectedRows: compiled.filter(affected).length };
}
