import { memo } from 'react';
import type { PricingTable } from '../../core/index.ts';
import { pricedAtZero, savingVsBaseline } from '../../domain/baselines.ts';
import type { BaselineRow, ProgressiveResults } from '../../domain/routing-runs.ts';
import { formatPercent, formatUsd } from '../../ui/format.ts';
import { BaselineModelChooser } from './BaselineModelChooser.tsx';

/**
 * The strategy beside the same conversation run with every hop on each
 * model the baselines price (the default table's, the scenario's and the
 * ones added). A row priced $0 is listed last and never counts as cheaper.
 */
export const BaselinesTable = memo(function BaselinesTable(props: {
  strategyUsd: number;
  strategyHitRate: number;
  modelNames: readonly string[];
  baselines: ProgressiveResults<BaselineRow>;
  defaultModel: string;
  pricing: PricingTable;
}) {
  const { strategyUsd, modelNames, baselines, defaultModel, pricing } = props;
  const rows = modelNames.map((model, i) => ({ model, row: baselines.results[i] }));
  const okRows = rows.flatMap((r) => (r.row !== undefined && r.row.ok ? [r.row] : []));
  const priced = okRows.filter((r) => !pricedAtZero(pricing, r.model));
  priced.sort((a, b) => a.run.totals.totalUsd - b.run.totals.totalUsd);
  const free = okRows.filter((r) => pricedAtZero(pricing, r.model));
  const failed = rows.filter((r) => r.row !== undefined && !r.row.ok);
  const pending = rows.filter((r) => r.row === undefined);
  const cheaperThanStrategy = priced.filter((r) => r.run.totals.totalUsd < strategyUsd).length;

  return (
    <section className="card baselines" aria-labelledby="routing-baselines-h">
      <h3 id="routing-baselines-h">Baselines: every hop on one model</h3>
      <p className="note">
        The same conversation with every hop on one model, thinking off and no policies; “saving” is
        what the strategy saves against each.{' '}
        {cheaperThanStrategy === 0
          ? 'None is cheaper than the strategy.'
          : `${cheaperThanStrategy} of ${priced.length} ${cheaperThanStrategy === 1 ? 'is' : 'are'} cheaper than the strategy (quality aside).`}
        {pending.length > 0 && ` Pricing ${pending.length} more…`}
      </p>
      {/* Focusable so that a keyboard can scroll it on narrow screens. */}
      <div
        className="table-wrap"
        tabIndex={0}
        role="region"
        aria-label="Baselines table, scrollable"
      >
        <table className="data">
          <caption className="visually-hidden">
            Total cost of the strategy and of each single-model baseline
          </caption>
          <thead>
            <tr>
              <th scope="col">Run</th>
              <th scope="col">Total</th>
              <th scope="col">Saving</th>
              <th scope="col">Hit rate</th>
            </tr>
          </thead>
          <tbody>
            <tr className="strategy-row">
              <th scope="row">Strategy (your routing)</th>
              <td>{formatUsd(strategyUsd)}</td>
              <td>—</td>
              <td>{formatPercent(props.strategyHitRate)}</td>
            </tr>
            {[...priced, ...free].map((r) => {
              const { savingUsd } = savingVsBaseline(r.run.totals.totalUsd, strategyUsd);
              return (
                <tr key={r.model}>
                  <th scope="row">
                    {r.model}
                    {r.model === defaultModel && <span className="badge">default</span>}
                    {pricedAtZero(pricing, r.model) && <span className="badge">priced $0</span>}
                  </th>
                  <td>{formatUsd(r.run.totals.totalUsd)}</td>
                  <td className={savingUsd < 0 ? 'negative' : undefined}>{formatUsd(savingUsd)}</td>
                  <td>{formatPercent(r.run.totals.cacheHitRate)}</td>
                </tr>
              );
            })}
            {failed.map((r) => (
              <tr key={r.model}>
                <th scope="row">{r.model}</th>
                <td colSpan={3}>{r.row && !r.row.ok ? r.row.message : ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <BaselineModelChooser />
    </section>
  );
});
