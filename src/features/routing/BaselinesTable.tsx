import { memo, type ReactNode } from 'react';
import type { PricingTable } from '../../core/index.ts';
import { pricedAtZero, savingVsBaseline } from '../../domain/baselines.ts';
import type { BaselineRow, ProgressiveResults } from '../../domain/routing-runs.ts';
import { DataTable, type DataColumn } from '../../ui/DataTable.tsx';
import { formatPercent, formatUsd } from '../../ui/format.ts';
import { BaselineModelChooser } from './BaselineModelChooser.tsx';

/** A row of the table: the strategy, a baseline, or a baseline that failed (its message). */
interface Line {
  readonly key: string;
  readonly name: ReactNode;
  readonly strategy?: boolean;
  readonly totalUsd?: number;
  /** What the strategy saves against this run; null for the strategy itself. */
  readonly savingUsd?: number | null;
  readonly hitRate?: number;
  readonly message?: string;
}

const BASELINE_COLUMNS: readonly DataColumn<Line>[] = [
  { key: 'run', header: 'Run', cell: (l) => l.name, rowHeader: true },
  {
    key: 'total',
    header: 'Total',
    cell: (l) => l.message ?? formatUsd(l.totalUsd ?? 0),
    span: (l) => (l.message === undefined ? 1 : 3),
  },
  {
    key: 'saving',
    header: 'Saving',
    cell: (l) => (l.savingUsd == null ? '—' : formatUsd(l.savingUsd)),
    className: (l) => (l.savingUsd != null && l.savingUsd < 0 ? 'negative' : undefined),
  },
  { key: 'hit', header: 'Hit rate', cell: (l) => formatPercent(l.hitRate ?? 0) },
];

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
      <DataTable
        caption="Total cost of the strategy and of each single-model baseline"
        columns={BASELINE_COLUMNS}
        rows={[
          {
            key: '',
            name: 'Strategy (your routing)',
            strategy: true,
            totalUsd: strategyUsd,
            savingUsd: null,
            hitRate: props.strategyHitRate,
          },
          ...[...priced, ...free].map((r): Line => ({
            key: r.model,
            name: (
              <>
                {r.model}
                {r.model === defaultModel && <span className="badge">default</span>}
                {pricedAtZero(pricing, r.model) && <span className="badge">priced $0</span>}
              </>
            ),
            totalUsd: r.run.totals.totalUsd,
            savingUsd: savingVsBaseline(r.run.totals.totalUsd, strategyUsd).savingUsd,
            hitRate: r.run.totals.cacheHitRate,
          })),
          ...failed.map((r): Line => ({
            key: r.model,
            name: r.model,
            message: r.row && !r.row.ok ? r.row.message : '',
          })),
        ]}
        rowKey={(l) => l.key}
        rowClassName={(l) => (l.strategy === true ? 'strategy-row' : undefined)}
        // Focusable so that a keyboard can scroll it on narrow screens.
        scroll={{ label: 'Baselines table, scrollable' }}
      />
      <BaselineModelChooser />
    </section>
  );
});
