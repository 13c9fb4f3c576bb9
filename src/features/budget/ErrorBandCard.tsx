import { memo, useId, useMemo, useState } from 'react';
import { useAppStore } from '../../state/store.ts';
import type { ErrorScope } from '../../state/slices/budget-slice.ts';
import { DataTable } from '../../ui/DataTable.tsx';
import { NumberField } from '../../ui/NumberField.tsx';
import { formatNumber, formatTokens } from '../../ui/format.ts';
import type { CompiledRow } from '../../domain/compiled-rows.ts';
import { STATUS_TEXT } from './evaluate.ts';
import {
  bandRows,
  errorBandAt,
  ERROR_PRESETS,
  type BandCase,
  type ErrorBand,
  type Flip,
} from './error-band.ts';
import { ID_LIST_SHOWN } from './IdList.tsx';

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

const SCOPES: readonly { value: ErrorScope; label: string }[] = [
  { value: 'all', label: 'Every row' },
  { value: 'estimated', label: 'Only rows estimated from text' },
];

/** The band's settings. They do not depend on the budget, so a budget step leaves them alone. */
const ErrorBandControls = memo(function ErrorBandControls({
  pct,
  scope,
}: {
  pct: number;
  scope: ErrorScope;
}) {
  const setBudget = useAppStore((s) => s.setBudget);
  const id = useId();
  return (
    <div className="budget-band-controls">
      <NumberField
        label="Estimator error"
        value={pct}
        onChange={(v) => setBudget({ estimatorErrorPct: v })}
        min={0}
        max={100}
        unit="± %"
        formatValue={(v) => `plus or minus ${formatNumber(v)} percent`}
      />
      <div className="budget-presets" role="group" aria-label="Typical error by kind of text">
        {ERROR_PRESETS.map((p) => (
          <button
            key={p.label}
            type="button"
            aria-pressed={pct === p.pct}
            onClick={() => setBudget({ estimatorErrorPct: p.pct })}
          >
            {p.label} ±{p.pct}%
          </button>
        ))}
      </div>
      <fieldset className="budget-scope">
        <legend>Apply the error to</legend>
        {SCOPES.map((s) => (
          <label key={s.value}>
            <input
              type="radio"
              name={`${id}-scope`}
              value={s.value}
              checked={scope === s.value}
              onChange={() => setBudget({ errorScope: s.value })}
            />{' '}
            {s.label}
          </label>
        ))}
      </fieldset>
      <p className="field-hint">
        Presets are the explorer&apos;s rough assumptions for a characters-per-token estimate, not
        measurements: prose is close, code and JSON less so, and CJK text runs far more tokens per
        character than 4.
      </p>
    </div>
  );
});

/** How many rows that flip the table shows until the user asks for all. */
const FLIP_ROWS_SHOWN = 50;

/** The first `limit` compiled rows that flip, in compiled order, with their index. */
/** A flipping row's status and tokens in one case of the band. */
function flipCell(bc: BandCase, { c, i }: { c: CompiledRow; i: number }): string {
  const tokens = bc.rows[i]?.tokens ?? 0;
  const status =
    bc.outcome.kind === 'invalid'
      ? 'notCompiled'
      : (bc.outcome.status.get(c.row.contributionId) ?? 'notCompiled');
  return `${STATUS_TEXT[status]} · ${formatTokens(tokens)}`;
}

function flipRows(
  compiled: readonly CompiledRow[],
  flipIds: ReadonlySet<string>,
  limit: number,
): { c: CompiledRow; i: number }[] {
  const out: { c: CompiledRow; i: number }[] = [];
  for (let i = 0; i < compiled.length && out.length < limit; i++) {
    const c = compiled[i] as CompiledRow;
    if (flipIds.has(c.row.contributionId)) out.push({ c, i });
  }
  return out;
}

/** What if the chars-per-token estimate is off by ±X%: which rows' admission flips. */
export const ErrorBandCard = memo(function ErrorBandCard({
  compiled,
  problem,
  limit,
}: {
  readonly compiled: readonly CompiledRow[];
  /** Why the rows cannot be admitted, or null. */
  readonly problem: string | null;
  /** Null = unbounded. */
  readonly limit: number | null;
}) {
  const pct = useAppStore((s) => s.budget.estimatorErrorPct);
  const scope = useAppStore((s) => s.budget.errorScope);
  const id = useId();
  const [allFlips, setAllFlips] = useState(false);
  // The scaled rows change with the rows and the error, not with the budget.
  const rows = useMemo(() => bandRows(compiled, pct, scope), [compiled, pct, scope]);
  const band = useMemo(
    () => (problem === null ? errorBandAt(rows, limit) : null),
    [problem, rows, limit],
  );

  // A set, not a search of the flips per row: 10,000 rows with a thousand flips made that 10 M comparisons.
  const flipIds = useMemo(() => new Set(band?.flips.map((f) => f.id)), [band]);

  let summary = 'No band until the ids are fixed.';
  if (band) {
    const cases = `At ${band.low.label}: ${caseText(band.low)}. As estimated: ${caseText(band.nominal)}. At ${band.high.label}: ${caseText(band.high)}.`;
    summary =
      band.affectedRows === 0
        ? 'No row is estimated from text, so the band changes nothing. Paste text into a row, or scale every row.'
        : band.flips.length === 0
          ? `No row's admission flips within ±${formatNumber(pct)}%. ${cases}`
          : `Within ±${formatNumber(pct)}%, ${band.flips.length} row${band.flips.length === 1 ? ' flips' : 's flip'}: ${flipsText(band)}. ${cases}`;
  }

  return (
    <section className="card" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Estimator error band</h2>
      <p className="note">
        The offline estimator counts characters, not tokens. If the real count is off by ±X%, does
        any row&apos;s admission change? Each case below is admitted by the core.
      </p>
      <ErrorBandControls pct={pct} scope={scope} />
      <p className="budget-band-summary">{summary}</p>
      {band && band.flips.length > 0 && (
        <DataTable
          caption="Rows whose admission flips within the band"
          columns={[
            { key: 'id', header: 'Id', cell: ({ c }) => c.row.contributionId, rowHeader: true },
            { key: 'low', header: band.low.label, cell: (r) => flipCell(band.low, r) },
            { key: 'nominal', header: 'As estimated', cell: (r) => flipCell(band.nominal, r) },
            { key: 'high', header: band.high.label, cell: (r) => flipCell(band.high, r) },
          ]}
          rows={flipRows(compiled, flipIds, allFlips ? Infinity : FLIP_ROWS_SHOWN)}
          rowKey={({ c }) => c.position}
          scroll={{ label: 'Rows that flip: table' }}
        />
      )}
      {band && band.flips.length > FLIP_ROWS_SHOWN && (
        <p className="note">
          {allFlips
            ? `All ${formatTokens(band.flips.length)} rows that flip are in the table. `
            : `The table shows the first ${FLIP_ROWS_SHOWN} of ${formatTokens(band.flips.length)} rows that flip. `}
          <button type="button" className="link-button" onClick={() => setAllFlips((v) => !v)}>
            {allFlips
              ? `Show the first ${FLIP_ROWS_SHOWN}`
              : `Show all ${formatTokens(band.flips.length)} rows that flip`}
          </button>
        </p>
      )}
    </section>
  );
});
