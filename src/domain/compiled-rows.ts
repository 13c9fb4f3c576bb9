/**
 * From the editor's rows to the core's `BudgetRow`s: the compiled order
 * (rows stably sorted by volatility tier), each row's tokens (typed, or
 * estimated from pasted text with the core's estimator), and the id checks
 * the editor makes so that the core never has to reject the input.
 */
import { estimateTokens, type BudgetRow } from '../core/index.ts';
import { TIERS, type BudgetEditorRow, type Tier } from '../model/budget.ts';

/** Human names of the volatility tiers. */
export const TIER_LABELS: Record<Tier, string> = {
  stable: 'Stable',
  session: 'Session',
  perTurn: 'Per-turn',
};

const TIER_RANK: Record<Tier, number> = { stable: 0, session: 1, perTurn: 2 };

/** An editor row placed in the compiled prompt. */
export interface CompiledRow {
  readonly row: BudgetEditorRow;
  /** Index of the row in the editor's list. */
  readonly listIndex: number;
  /** Index in the compiled prompt: the `position` the core sees. */
  readonly position: number;
  /** Tokens the core admits or drops: typed, or estimated from the text. */
  readonly tokens: number;
}

/**
 * Tokens of one editor row: the core's estimate of its text when the row is
 * estimated from text, else the typed count.
 */
export function rowTokens(row: BudgetEditorRow, charsPerToken: number): number {
  return row.text === null ? row.tokens : estimateTokens(row.text, charsPerToken);
}

/**
 * The compiled order: rows stably sorted by tier (stable, then session, then
 * per-turn), keeping list order within a tier; `position` is the index in it.
 */
export function compileRows(
  rows: readonly BudgetEditorRow[],
  charsPerToken: number,
): CompiledRow[] {
  const indices = rows.map((_, i) => i);
  // Array#sort is stable, so list order survives within a tier.
  indices.sort(
    (a, b) =>
      TIER_RANK[(rows[a] as BudgetEditorRow).tier] - TIER_RANK[(rows[b] as BudgetEditorRow).tier],
  );
  return indices.map((listIndex, position) => {
    const row = rows[listIndex] as BudgetEditorRow;
    return { row, listIndex, position, tokens: rowTokens(row, charsPerToken) };
  });
}

/** The editor rows in compiled order (what the editor lists and reorders). */
export function inCompiledOrder(rows: readonly BudgetEditorRow[]): BudgetEditorRow[] {
  return [...rows].sort((a, b) => TIER_RANK[a.tier] - TIER_RANK[b.tier]);
}

/** The core's rows, in compiled order. */
export function toBudgetRows(compiled: readonly CompiledRow[]): BudgetRow[] {
  return compiled.map((c) => ({
    contributionId: c.row.contributionId,
    position: c.position,
    tokens: c.tokens,
    pinned: c.row.pinned,
  }));
}

/**
 * What is wrong with the rows' ids, in words, or null when every id is
 * present and unique. The editor shows this instead of letting the core throw.
 */
export function idProblem(rows: readonly BudgetEditorRow[]): string | null {
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(row.contributionId, (counts.get(row.contributionId) ?? 0) + 1);
  if (counts.has('')) return 'Every row needs an id: one row has an empty id.';
  for (const [id, count] of counts) {
    if (count > 1) return `Ids must be unique: "${id}" is used by ${count} rows. Rename one.`;
  }
  return null;
}

/**
 * Why a candidate id cannot be given to the row at `listIndex`, or null when
 * it can (non-empty, and no other row has it).
 */
export function idCandidateProblem(
  rows: readonly BudgetEditorRow[],
  listIndex: number,
  candidate: string,
): string | null {
  if (candidate.trim() === '') return 'Id: every row needs an id.';
  if (candidate !== candidate.trim()) return 'Id: no spaces at the start or end.';
  const clash = rows.findIndex((r, i) => i !== listIndex && r.contributionId === candidate);
  if (clash >= 0) return `Id: "${candidate}" is already used by another row; ids must be unique.`;
  return null;
}

/** Tiers in compiled order, for selects and group headings. */
export const TIER_ORDER: readonly Tier[] = TIERS;
