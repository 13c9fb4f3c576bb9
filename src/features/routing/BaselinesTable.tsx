import { memo } from 'react';
import { formatPercent, formatUsd } from '../../ui/format.ts';
import type { BaselineRow } from './analysis.ts';
import type { ProgressiveResults } from './use-progressive.ts';

/** The strategy beside the same conversation run with every hop on each priced model. */
export const BaselinesTable = memo(function BaselinesTable(props: {
  strategyUsd: number;
  strategyHitRate: number;
  modelNames: readonly string[];
  baselines: ProgressiveResults<BaselineRow>;
  defaultModel: string;
}) {
  const { strategyUsd, modelNames, baselines, defaultModel } = props;
  const rows = modelNames.map((model, i) => ({ model, row: baselines.results[i] }));
  const priced = rows.flatMap((r) => (r.row !== undefined && r.row.ok ? [r.row] : []));
  priced.sort((a, b) => a.run.totals.totalUsd - b.run.totals.totalUsd);
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
            {priced.map((r) => (
              <tr key={r.model}>
                <th scope="row">
                  {r.model}
                  {r.model === defaultModel && <span className="badge">default</span>}
                </th>
                <td>{formatUsd(r.run.totals.totalUsd)}</td>
                <td className={r.run.totals.totalUsd - strategyUsd < 0 ? 'negative' : undefined}>
                  {formatUsd(r.run.totals.totalUsd - strategyUsd)}
                </td>
                <td>{formatPercent(r.run.totals.cacheHitRate)}</td>
              </tr>
            ))}
            {failed.map((r) => (
              <tr key={r.model}>
                <th scope="row">{r.model}</th>
                <td colSpan={3}>{r.row && !r.row.ok ? r.row.message : ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
});
