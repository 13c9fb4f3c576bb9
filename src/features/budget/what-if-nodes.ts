/**
 * The budget's what-ifs as nodes of the derivation graph: the estimator
 * error band and the section budgets. The band's scaled rows follow the
 * rows and the error, not the budget; a budget step re-admits the three
 * cases only. Values rebuilt equal keep their object.
 */
import { narrows } from '../../core/index.ts';
import type { CompiledRow } from '../../domain/compiled-rows.ts';
import { sameList, sameRecord } from '../../domain/equality.ts';
import { computed, fromStore } from '../../state/derive.ts';
import type { SectionBudget } from '../../model/budget.ts';
import { formatNumber, formatTokens } from '../../ui/format.ts';
import { bandRows, errorBandAt, type BandCase, type ErrorBand, type Flip } from './error-band.ts';
import { evaluateBudget, STATUS_TEXT } from './evaluate.ts';
import { ID_LIST_SHOWN } from './IdList.tsx';
import { budgetLimit, rowsAnalysis } from './use-budget.ts';

// ---- The estimator error band ----

/** The estimator's error, ± percent. */
export const estimatorErrorPct = fromStore(
  'budget.estimatorErrorPct',
  (s) => s.budget.estimatorErrorPct,
);
/** Which rows the error applies to. */
export const errorScope = fromStore('budget.errorScope', (s) => s.budget.errorScope);

/** The band's three sets of rows: they follow the rows and the error, not the budget. */
export const errorBandRows = computed('budget.errorBand.rows', () =>
  bandRows(rowsAnalysis.get().compiled, estimatorErrorPct.get(), errorScope.get()),
);

/** The three cases admitted under the budget and the rows that flip; null while the ids are invalid. */
export const errorBand = computed('budget.errorBand', (): ErrorBand | null =>
  rowsAnalysis.get().problem === null ? errorBandAt(errorBandRows.get(), budgetLimit.get()) : null,
);

function caseText(c: BandCase): string {
  const o = c.outcome;
  if (o.kind === 'invalid') return 'no decision';
  if (o.kind === 'pinnedExceeds') {
    return `compile fails (pinned rows need ${formatTokens(o.error.pinnedTokens)} of ${formatTokens(o.error.limit)})`;
  }
  return `${formatTokens(o.report.totalTokens)} tokens admitted, ${o.report.dropped.length} dropped`;
}

function flipText(flip: Flip, low: string, high: string): string {
  const parts: string[] = [];
  if (flip.low !== flip.nominal) parts.push(`${STATUS_TEXT[flip.low].toLowerCase()} at ${low}`);
  if (flip.high !== flip.nominal) parts.push(`${STATUS_TEXT[flip.high].toLowerCase()} at ${high}`);
  return `${flip.id} (${STATUS_TEXT[flip.nominal].toLowerCase()} as estimated; ${parts.join(', ')})`;
}

/** The flips in words: every one up to `ID_LIST_SHOWN`, else the first and how many more. */
function flipsText(band: ErrorBand): string {
  const shown = band.flips.slice(0, ID_LIST_SHOWN);
  const text = shown.map((f) => flipText(f, band.low.label, band.high.label)).join('; ');
  const more = band.flips.length - shown.length;
  return more > 0
    ? `${text}; … and ${formatTokens(more)} more (every row in the table below)`
    : text;
}

/** The band in words. */
export const errorBandSummary = computed('budget.errorBand.summary', (): string => {
  const band = errorBand.get();
  if (band === null) return 'No band until the ids are fixed.';
  const pct = estimatorErrorPct.get();
  const cases = `At ${band.low.label}: ${caseText(band.low)}. As estimated: ${caseText(band.nominal)}. At ${band.high.label}: ${caseText(band.high)}.`;
  return band.affectedRows === 0
    ? 'No row is estimated from text, so the band changes nothing. Paste text into a row, or scale every row.'
    : band.flips.length === 0
      ? `No row's admission flips within ±${formatNumber(pct)}%. ${cases}`
      : `Within ±${formatNumber(pct)}%, ${band.flips.length} row${band.flips.length === 1 ? ' flips' : 's flip'}: ${flipsText(band)}. ${cases}`;
});

/** One row of the flips table: the row's fate and tokens in each case, in words. */
export interface FlipLine {
  /** The row's compiled position (the table row's key). */
  readonly position: number;
  readonly id: string;
  readonly low: string;
  readonly nominal: string;
  readonly high: string;
}

/** How many rows that flip the table shows until the user asks for all. */
export const FLIP_ROWS_SHOWN = 50;

/** The first `limit` rows that flip, in compiled order, as table lines. */
function flipLines(limit: number): readonly FlipLine[] {
  const band = errorBand.get();
  if (band === null || band.flips.length === 0) return [];
  // A set, not a search of the flips per row: 10,000 rows with a thousand flips made that 10 M comparisons.
  const flipIds = new Set(band.flips.map((f) => f.id));
  const compiled = rowsAnalysis.get().compiled;
  const out: FlipLine[] = [];
  for (let i = 0; i < compiled.length && out.length < limit; i++) {
    const c = compiled[i] as CompiledRow;
    const id = c.row.contributionId;
    if (!flipIds.has(id)) continue;
    const cell = (bc: BandCase) => {
      const tokens = bc.rows[i]?.tokens ?? 0;
      const status =
        bc.outcome.kind === 'invalid'
          ? 'notCompiled'
          : (bc.outcome.status.get(id) ?? 'notCompiled');
      return `${STATUS_TEXT[status]} · ${formatTokens(tokens)}`;
    };
    out.push({
      position: c.position,
      id,
      low: cell(band.low),
      nominal: cell(band.nominal),
      high: cell(band.high),
    });
  }
  return out;
}

const sameLines = (a: readonly FlipLine[], b: readonly FlipLine[]) => sameList(a, b, sameRecord);

/**
 * The flips table's lines: the first `FLIP_ROWS_SHOWN`, and every one. Whether
 * all show is the card's own state (a button), so both are nodes and the card
 * reads the one it shows; the long one runs only once asked for.
 */
export const flipLinesShown = {
  first: computed('budget.errorBand.firstFlips', () => flipLines(FLIP_ROWS_SHOWN), {
    isEqual: sameLines,
  }),
  all: computed('budget.errorBand.allFlips', () => flipLines(Infinity), { isEqual: sameLines }),
};

// ---- Section budgets ----

/** The section budgets the user set. */
export const sectionBudgets = fromStore('budget.sectionBudgets', (s) => s.budget.sectionBudgets);

/** The rows' section labels, in compiled order of first use. */
export const rowSections = computed(
  'budget.sections',
  (): readonly string[] => [...new Set(rowsAnalysis.get().compiled.map((c) => c.row.section))],
  { isEqual: (a, b) => sameList(a, b) },
);

/** The sections without a limit yet, which the "add" select offers. */
export const sectionsWithoutLimit = computed(
  'budget.sectionsWithoutLimit',
  (): readonly string[] => {
    const entries = sectionBudgets.get();
    return rowSections.get().filter((s) => !entries.some((e) => e.section === s));
  },
  { isEqual: (a, b) => sameList(a, b) },
);

/** Tokens of the rows labelled `section`, from the tab's compile. */
export function sectionTokensNow(section: string): number {
  return rowsAnalysis
    .get()
    .compiled.filter((c) => c.row.section === section)
    .reduce((sum, c) => sum + c.tokens, 0);
}

/** One section budget with what the core says of it. */
export interface SectionLine {
  readonly entry: SectionBudget;
  /** Tokens of the rows with this label. */
  readonly tokens: number;
  /** Whether it narrows the prompt budget (the core's `narrows`). */
  readonly narrows: boolean;
  /** Why it does not narrow the prompt budget, or null. */
  readonly notNarrowText: string | null;
  /** What its rows do alone under its own budget, admitted by the core. */
  readonly aloneText: string;
}

/** What one section's rows do under the section's own budget, admitted alone by the core. */
function aloneText(entry: SectionBudget): string {
  const { compiled, coreRows } = rowsAnalysis.get();
  const rows = coreRows.filter((_, i) => compiled[i]?.row.section === entry.section);
  if (rows.length === 0) return 'No rows have this section label.';
  const outcome = evaluateBudget(rows, entry.maxTotalTokens);
  if (outcome.kind === 'invalid') return outcome.message;
  if (outcome.kind === 'pinnedExceeds') {
    return `Fails: its pinned rows need ${formatTokens(outcome.error.pinnedTokens)} tokens.`;
  }
  const r = outcome.report;
  return r.dropped.length === 0
    ? `Admits all ${r.admitted.length} (${formatTokens(r.totalTokens)} tokens).`
    : `Admits ${r.admitted.join(', ') || 'nothing'}; drops ${r.dropped.join(', ')} (${formatTokens(r.totalTokens)} tokens).`;
}

/** What each section's rows do alone under its own budget: they follow the rows and the limits, not the prompt budget. */
const sectionsAlone = computed(
  'budget.sectionsAlone',
  (): readonly string[] => sectionBudgets.get().map(aloneText),
  { isEqual: (a, b) => sameList(a, b) },
);

/** Each section budget, checked against the prompt budget and admitted alone. */
export const sectionLines = computed(
  'budget.sectionLines',
  (): readonly SectionLine[] => {
    const limit = budgetLimit.get();
    const alone = sectionsAlone.get();
    return sectionBudgets.get().map((entry, i) => {
      const ok = narrows({ maxTotalTokens: entry.maxTotalTokens }, { maxTotalTokens: limit });
      return {
        entry,
        tokens: sectionTokensNow(entry.section),
        narrows: ok,
        notNarrowText: ok
          ? null
          : entry.maxTotalTokens === null
            ? `An unbounded section under a prompt budget of ${formatTokens(limit ?? 0)} promises more than the prompt can give.`
            : `${formatTokens(entry.maxTotalTokens)} tokens is more than the prompt budget of ${formatTokens(limit ?? 0)}.`,
        aloneText: alone[i] ?? '',
      };
    });
  },
  { isEqual: (a, b) => sameList(a, b, sameRecord) },
);
