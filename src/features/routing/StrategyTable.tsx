import { memo, useState } from 'react';
import type { RoutingScenario } from '../../core/index.ts';
import type { StrategyComparison, StrategyRow } from '../../domain/strategies.ts';
import { useValue } from '../../state/derive.ts';
import { useAppStore } from '../../state/store.ts';
import { DataTable } from '../../ui/DataTable.tsx';
import { formatPercent, formatTokens, formatUsd } from '../../ui/format.ts';
import { comparisonNow, strategyComparison } from './strategy-comparison.ts';

type Priced = Extract<StrategyRow, { ok: true }>;

const priced = (rows: readonly StrategyRow[], id: StrategyRow['id']): Priced | null => {
  const row = rows.find((r) => r.id === id);
  return row !== undefined && row.ok ? row : null;
};

/** How a sentence names each strategy. */
const IN_WORDS: Readonly<Record<StrategyRow['id'], string>> = {
  fixed: 'the fixed model',
  hopAware: 'hop-aware thinking',
  classifier: 'the plain complexity classifier',
  stickyClassifier: 'the sticky classifier',
};

/** A share with one decimal below 10 % ("4.6%"), whole above ("21%"). */
const share = (fraction: number) => formatPercent(fraction, Math.abs(fraction) < 0.1 ? 1 : 0);

/** The answer to "does sticky save money?" on this conversation, from the rows. */
export function stickyVerdict(comparison: StrategyComparison): string {
  const plain = priced(comparison.rows, 'classifier');
  const sticky = priced(comparison.rows, 'stickyClassifier');
  const cheapest = comparison.rows.find((r) => r.id === comparison.cheapest);
  const cheapestWords =
    cheapest !== undefined && cheapest.ok
      ? ` The cheapest of the four is ${IN_WORDS[cheapest.id]} at ${formatUsd(cheapest.totalUsd)}.`
      : '';
  if (plain === null || sticky === null)
    return `The classifiers cannot both be priced on this conversation.${cheapestWords}`;
  const diff = sticky.totalUsd - plain.totalUsd;
  const of = plain.totalUsd > 0 ? ` (${share(Math.abs(diff) / plain.totalUsd)})` : '';
  let answer: string;
  if (diff > 0)
    answer = `No: on this conversation the sticky classifier costs ${formatUsd(sticky.totalUsd)}, ${formatUsd(diff)}${of} more than the plain classifier (${formatUsd(plain.totalUsd)}).`;
  else if (diff < 0)
    answer = `Yes: on this conversation the sticky classifier costs ${formatUsd(sticky.totalUsd)}, ${formatUsd(-diff)}${of} less than the plain classifier (${formatUsd(plain.totalUsd)}).`;
  else
    answer = `Neither: on this conversation the sticky classifier costs the same as the plain classifier (${formatUsd(plain.totalUsd)}).`;
  return answer + cheapestWords;
}

function OverCheapest({ row, cheapest }: { row: Priced; cheapest: boolean }) {
  if (cheapest) return <span className="badge">cheapest</span>;
  return (
    <>
      +{formatUsd(row.overCheapestUsd)}
      {row.overCheapestFraction !== null && (
        <span className="term-extra"> (+{share(row.overCheapestFraction)})</span>
      )}
    </>
  );
}

function ComparisonTable({ comparison }: { comparison: StrategyComparison }) {
  return (
    <>
      <p className="strategy-verdict">{stickyVerdict(comparison)}</p>
      <DataTable
        caption="Total cost of this conversation under each resolver strategy, against the cheapest"
        columns={[
          {
            key: 'strategy',
            header: 'Strategy',
            rowHeader: true,
            cell: (r) => (
              <>
                {r.label}
                {r.current && <span className="badge">your routing</span>}
                <span className="strategy-detail">{r.detail}</span>
              </>
            ),
          },
          {
            key: 'total',
            header: 'Per conversation',
            cell: (r) => (r.ok ? formatUsd(r.totalUsd) : r.message),
            span: (r) => (r.ok ? 1 : 3),
          },
          { key: 'turn', header: 'Per turn', cell: (r) => (r.ok ? formatUsd(r.perTurnUsd) : null) },
          {
            key: 'cheapest',
            header: 'vs. cheapest',
            cell: (r) =>
              r.ok ? <OverCheapest row={r} cheapest={r.id === comparison.cheapest} /> : null,
          },
        ]}
        rows={comparison.rows}
        rowKey={(r) => r.id}
        rowClassName={(r) => (r.current ? 'strategy-row' : undefined)}
        scroll={{ label: 'Strategy comparison table, scrollable' }}
      />
    </>
  );
}

/** A long conversation: priced when asked, and marked when it has changed since. */
function OnRequest({ scenario }: { scenario: RoutingScenario }) {
  const [shown, setShown] = useState<{
    scenario: RoutingScenario;
    comparison: StrategyComparison;
  } | null>(null);
  const hops = scenario.turns.reduce((n, t) => n + t.hops.length, 0);
  const stale = shown !== null && shown.scenario !== scenario;
  const price = () => {
    const state = useAppStore.getState();
    setShown({
      scenario: state.routing.scenario,
      comparison: comparisonNow(state.routing.scenario),
    });
  };
  return (
    <>
      <p className="note">
        This conversation has {formatTokens(hops)} hops: the four strategies are priced when you
        ask, not on every edit.
        {stale && ' The figures below are for the conversation as it was when priced.'}
      </p>
      <button type="button" onClick={price}>
        {shown === null ? 'Compare the four strategies' : 'Compare again'}
      </button>
      {shown !== null && <ComparisonTable comparison={shown.comparison} />}
    </>
  );
}

/**
 * "Does sticky save money?": the current conversation under a fixed model,
 * hop-aware thinking, the complexity classifier and the sticky classifier,
 * each priced by the core, beside the single-model baselines.
 */
export const StrategyTable = memo(function StrategyTable() {
  const comparison = useValue(strategyComparison);
  const scenario = useAppStore((s) => s.routing.scenario);
  return (
    <section className="card strategies" aria-labelledby="routing-strategies-h">
      <h3 id="routing-strategies-h">Does sticky save money? Strategies compared</h3>
      <p className="note">
        The same conversation, policies and default model under each resolver strategy; only the
        strategy changes.
      </p>
      {comparison === null ? (
        <OnRequest scenario={scenario} />
      ) : (
        <ComparisonTable comparison={comparison} />
      )}
    </section>
  );
});
