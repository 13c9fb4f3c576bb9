import { memo, useMemo } from 'react';
import type { PricingTable, ResolvedGateInputs } from '../../core/index.ts';
import {
  offloadAdvice,
  recallVerdicts,
  REGION_RECALL_STEPS,
  sizeOnlyLossRange,
  type BreakEven,
  type OffloadAdvice,
  type PolicyId,
} from '../../domain/recall-verdict.ts';
import { useEngineQuery } from '../../engine/use-engine-query.ts';
import { Legend } from '../../ui/charts/Legend.tsx';
import { PALETTE } from '../../ui/charts/palette.ts';
import { ChartFrame } from '../../ui/ChartFrame.tsx';
import { DataTable } from '../../ui/DataTable.tsx';
import { formatNumber, formatPercent, formatTokens, formatUsd } from '../../ui/format.ts';
import {
  recallRegionRequest,
  type TrafficPopulationUse,
} from '../../engine/traces/traffic-figures.ts';

const COLOR: Readonly<Record<PolicyId, string>> = {
  never: PALETTE.baseline,
  sizeOnly: PALETTE.alternative,
  gate: PALETTE.result,
};
const NAME: Readonly<Record<PolicyId, string>> = {
  never: 'Never offload',
  sizeOnly: 'Size-only',
  gate: 'Net-saving gate',
};

/** "pays while fewer than 37 % of offloaded outputs are recalled", in words. */
function paysWords(b: BreakEven): string {
  if (b.paysBelow <= 0) return b.losesAbove ? 'never pays' : 'saves nothing';
  if (b.paysBelow >= 1 && !b.losesAbove) return 'pays at every recall rate';
  return `pays below ${formatPercent(b.paysBelow, 0)} recalled${b.losesAbove ? ', loses above' : ', saves nothing above'}`;
}

/** The sentence a reviewer acts on: which policy is safe for which range. */
function verdict(advice: OffloadAdvice, threshold: number): string {
  const range = sizeOnlyLossRange(advice);
  const sizeWords =
    range === null
      ? `Size-only offload at ${formatTokens(threshold)} tokens never costs more than never offloading on these outputs.`
      : `Size-only offload at ${formatTokens(threshold)} tokens pays only while fewer than ${formatPercent(range.lowest, 0)}–${formatPercent(range.highest, 0)} of offloaded outputs are recalled (depending on k), and costs more above that.`;
  const gateWords = advice.gateSafe
    ? ' The net-saving gate is never worse than never offloading at any recall rate or k shown: it is the safe choice when recall is unknown.'
    : ` The net-saving gate can also cost more (up to ${formatUsd(advice.gateWorstLossUsd)} per 1,000 outputs) where its prior p differs from the recall that sizes give (k > 0).`;
  return sizeWords + gateWords;
}

/**
 * The gate decided on the traffic: each policy's break-even recall over the
 * traffic's own tool outputs (their observed remaining turns), as a region
 * over the recall prior p and its elasticity k, which no trace shows.
 */
export const RecallRegion = memo(function RecallRegion(props: {
  use: TrafficPopulationUse;
  sweepInputs: ResolvedGateInputs;
  pricing: PricingTable;
}) {
  const { use, sweepInputs, pricing } = props;
  const request = useMemo(
    () => recallRegionRequest(use, sweepInputs, pricing),
    [use, sweepInputs, pricing],
  );
  const answer = useEngineQuery('sweeps', 'recallRegion', request).value;
  if (answer === undefined)
    return <p className="loading-note">Finding where each policy breaks even…</p>;
  if (answer === null) return null;
  const advice = offloadAdvice(answer);
  // The table's rows: each k's break-even recalls, and the cheapest policy at each prior.
  const rows = advice.byK.map((b, i) => ({
    ...b,
    cheapest: recallVerdicts(answer[i]!.points).map((v) => v.cheapest),
  }));
  const threshold = use.population.sizeOnlyThresholdTokens;
  const cell = 100 / REGION_RECALL_STEPS.length;
  return (
    <ChartFrame
      title="Where offloading pays on your traffic"
      assumptions={[
        `${formatTokens(use.outputs?.length ?? 0)} tool outputs of your traffic, each carried for the later calls of its conversation`,
        'recall is not in any trace: p_recall from 0 to 1 in steps of 0.05, at recall elasticity k = 0, 0.5, 1 and 2',
        `size-only offloads every output of ${formatTokens(threshold)} tokens or more`,
      ]}
      summary={
        <>
          <span>{verdict(advice, threshold)}</span>{' '}
          <span className="muted">
            Over the {formatTokens(use.outputs?.length ?? 0)} tool outputs of your traffic, each
            carried for the later calls of its conversation. Recall is in no trace: each row sweeps
            the recall probability from 0 to 100 %, at one elasticity k.
          </span>
        </>
      }
      chart={
        <div className="recall-region">
          {rows.map((row) => (
            <div className="recall-region-row" key={row.recallElasticity}>
              <span className="recall-region-k">k = {formatNumber(row.recallElasticity, 1)}</span>
              <svg
                viewBox="0 0 100 10"
                preserveAspectRatio="none"
                width="100%"
                height={24}
                role="presentation"
                shapeRendering="crispEdges"
              >
                {row.cheapest.map((policy, i) => (
                  <rect
                    key={i}
                    x={i * cell}
                    y={0}
                    width={cell + 0.05}
                    height={10}
                    fill={COLOR[policy]}
                  />
                ))}
              </svg>
            </div>
          ))}
          <div className="recall-region-axis">
            <span>0 %</span>
            <span>50 %</span>
            <span>100 % of offloaded outputs recalled</span>
          </div>
          <Legend
            items={(['never', 'sizeOnly', 'gate'] as const).map((p) => ({
              label: `${NAME[p]} cheapest`,
              color: COLOR[p],
            }))}
          />
        </div>
      }
      table={
        <DataTable
          caption="Break-even recall of each policy against never offloading, by recall elasticity k"
          columns={[
            {
              key: 'k',
              header: 'k',
              cell: (r) => formatNumber(r.recallElasticity, 1),
              rowHeader: true,
            },
            {
              key: 'size',
              header: `Size-only at ${formatTokens(threshold)} tokens`,
              cell: (r) => paysWords(r.sizeOnly),
            },
            { key: 'gate', header: 'Net-saving gate', cell: (r) => paysWords(r.gate) },
          ]}
          rows={rows}
          rowKey={(r) => r.recallElasticity}
        />
      }
    />
  );
});
