import { memo, useId, useState } from 'react';
import type { BilledRow, TrafficAnalysis } from '../../engine/traces/traffic-types.ts';
import { formatPlain, formatUsd } from '../../ui/format.ts';
import { BilledBarsChart } from './BilledBarsChart.tsx';
import { BILLED_KINDS } from './billed-kinds.ts';
import { useRevealed } from './use-revealed.ts';

type View = 'conversation' | 'model' | 'day';

const VIEWS: readonly { id: View; label: string; rowLabel: string }[] = [
  { id: 'conversation', label: 'By conversation', rowLabel: 'Conversation' },
  { id: 'model', label: 'By model', rowLabel: 'Model (price row)' },
  { id: 'day', label: 'By day (UTC)', rowLabel: 'Day (UTC)' },
];

const CHART_BARS = 20;

function rowsOf(analysis: TrafficAnalysis, view: View): readonly BilledRow[] {
  if (view === 'model') return analysis.billed.byModel;
  if (view === 'day') return analysis.billed.byDay;
  return analysis.billed.byConversation;
}

/** What the as-billed figures assume, in words, for a downloaded chart. */
function billedAssumptions(analysis: TrafficAnalysis): string[] {
  const { billed } = analysis;
  return [
    'each call at the price row its model finds in the price table, at the tier its prompt chooses',
    `${formatPlain(billed.pricedCalls)} priced calls` +
      (billed.unpricedCalls > 0 ? `, ${formatPlain(billed.unpricedCalls)} unpriced left out` : ''),
    'days in UTC',
  ];
}

/** The as-billed cost (SPEC §10): totals by conversation, model and UTC day, split by kind of token. */
export const AsBilledSection = memo(function AsBilledSection({
  analysis,
}: {
  analysis: TrafficAnalysis;
}) {
  const id = useId();
  const [view, setView] = useState<View>('conversation');
  const { billed } = analysis;
  const rows = rowsOf(analysis, view);
  // Up to 200 conversations: committed in slices (20, then 30 a frame), a long table is not one long task.
  const shown = useRevealed(rows.length, 20, 30);
  const chosen = VIEWS.find((v) => v.id === view)!;
  const chartRows = view === 'day' ? rows.slice(-CHART_BARS) : rows.slice(0, CHART_BARS);
  const chartTitle =
    view === 'day'
      ? rows.length > CHART_BARS
        ? `Cost by day, the last ${CHART_BARS} days`
        : 'Cost by day (UTC)'
      : rows.length > CHART_BARS
        ? `Cost ${chosen.label.toLowerCase()}, the ${CHART_BARS} largest`
        : `Cost ${chosen.label.toLowerCase()}`;
  return (
    <section className="card" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>As billed</h2>
      <p role="status" className="traffic-total">
        {billed.pricedCalls === 0
          ? 'No call could be priced: add price rows for the models above.'
          : `${formatUsd(billed.totals.totalUsd)} for ${formatPlain(billed.pricedCalls)} priced calls` +
            (billed.unpricedCalls > 0
              ? ` (${formatPlain(billed.unpricedCalls)} unpriced calls left out)`
              : '')}
      </p>
      <p className="note">
        Each call at the price row its model finds, at the tier its prompt chooses, for the counts
        the provider logged: plain input, cache reads, 5-minute and 1-hour cache writes and output,
        shown apart. Reasoning tokens are already inside output.
      </p>
      <dl className="traffic-figures">
        {BILLED_KINDS.map((k) => (
          <div className="traffic-figure" key={k.key}>
            <dt>{k.label}</dt>
            <dd>{formatUsd(billed.totals[k.key])}</dd>
          </div>
        ))}
      </dl>
      <div className="segmented" role="group" aria-label="Totals by">
        {VIEWS.map((v) => (
          <button
            key={v.id}
            type="button"
            aria-pressed={view === v.id}
            onClick={() => setView(v.id)}
          >
            {v.label}
          </button>
        ))}
      </div>
      {billed.pricedCalls === 0 ? null : (
        <>
          <BilledBarsChart
            title={chartTitle}
            rows={chartRows}
            rowLabel={chosen.rowLabel}
            assumptions={billedAssumptions(analysis)}
          />
          <div className="table-wrap">
            <table className="data">
              <caption>
                As billed {chosen.label.toLowerCase()}
                {view === 'conversation' && billed.pricedConversations > rows.length
                  ? `: the ${formatPlain(rows.length)} most expensive of ${formatPlain(billed.pricedConversations)}`
                  : ''}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{chosen.rowLabel}</th>
                  <th scope="col">Calls</th>
                  {BILLED_KINDS.map((k) => (
                    <th scope="col" key={k.key}>
                      {k.label}
                    </th>
                  ))}
                  <th scope="col">Total</th>
                </tr>
              </thead>
              <tbody>
                {rows.slice(0, shown).map((r) => (
                  <tr key={r.key}>
                    <th scope="row" className="file-name">
                      {r.key}
                    </th>
                    <td>{formatPlain(r.calls)}</td>
                    {BILLED_KINDS.map((k) => (
                      <td key={k.key}>{formatUsd(r[k.key])}</td>
                    ))}
                    <td>{formatUsd(r.totalUsd)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">All priced calls</th>
                  <td>{formatPlain(billed.pricedCalls)}</td>
                  {BILLED_KINDS.map((k) => (
                    <td key={k.key}>{formatUsd(billed.totals[k.key])}</td>
                  ))}
                  <td>{formatUsd(billed.totals.totalUsd)}</td>
                </tr>
              </tfoot>
            </table>
          </div>
        </>
      )}
    </section>
  );
});
