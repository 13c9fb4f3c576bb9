import { memo, useId, useState } from 'react';
import { useValue } from '../../state/derive.ts';
import { useAppStore } from '../../state/store.ts';
import type { ErrorScope } from '../../model/budget.ts';
import { DataTable } from '../../ui/DataTable.tsx';
import { NumberField } from '../../ui/NumberField.tsx';
import { formatNumber, formatTokens } from '../../ui/format.ts';
import { ERROR_PRESETS } from './error-band.ts';
import { errorBand, errorBandSummary, FLIP_ROWS_SHOWN, flipLinesShown } from './what-if-nodes.ts';

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

/** What if the chars-per-token estimate is off by ±X%: which rows' admission flips. */
export const ErrorBandCard = memo(function ErrorBandCard() {
  const pct = useAppStore((s) => s.budget.estimatorErrorPct);
  const scope = useAppStore((s) => s.budget.errorScope);
  const id = useId();
  const [allFlips, setAllFlips] = useState(false);
  const band = useValue(errorBand);
  const summary = useValue(errorBandSummary);
  // Whether every flip shows is this card's own state: both lists are nodes, read as chosen.
  const lines = useValue(allFlips ? flipLinesShown.all : flipLinesShown.first);

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
            { key: 'id', header: 'Id', cell: (line) => line.id, rowHeader: true },
            { key: 'low', header: band.low.label, cell: (line) => line.low },
            { key: 'nominal', header: 'As estimated', cell: (line) => line.nominal },
            { key: 'high', header: band.high.label, cell: (line) => line.high },
          ]}
          rows={lines}
          rowKey={(line) => line.position}
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
