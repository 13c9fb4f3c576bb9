import { memo, useMemo } from 'react';
import type { PricingTable, ResolvedGateInputs } from '../../core/index.ts';
import { pricingFor } from '../../domain/baselines.ts';
import {
  breakEvenRecall,
  recallVerdicts,
  REGION_ELASTICITIES,
  REGION_RECALL_STEPS,
  type BreakEven,
  type PolicyId,
} from '../../domain/recall-verdict.ts';
import type { RecallRegionRequest, RecallRegionRow } from '../../engine/api.ts';
import { useEngineQuery } from '../../engine/use-engine-query.ts';
import { Legend } from '../../ui/charts/Legend.tsx';
import { PALETTE } from '../../ui/charts/palette.ts';
import { ChartFrame } from '../../ui/ChartFrame.tsx';
import { DataTable } from '../../ui/DataTable.tsx';
import { formatNumber, formatPercent, formatTokens, formatUsd } from '../../ui/format.ts';
import type { TrafficPopulationUse } from './use-traffic-population.ts';

const RECALL_STEPS = REGION_RECALL_STEPS;
const ELASTICITIES = REGION_ELASTICITIES;

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

interface RegionRow {
  readonly recallElasticity: number;
  readonly sizeOnly: BreakEven;
  readonly gate: BreakEven;
  readonly cheapest: readonly PolicyId[];
}

/** "pays while fewer than 37 % of offloaded outputs are recalled", in words. */
function paysWords(b: BreakEven): string {
  if (b.paysBelow <= 0) return b.losesAbove ? 'never pays' : 'saves nothing';
  if (b.paysBelow >= 1 && !b.losesAbove) return 'pays at every recall rate';
  return `pays below ${formatPercent(b.paysBelow, 0)} recalled${b.losesAbove ? ', loses above' : ', saves nothing above'}`;
}

function regionRows(rows: readonly RecallRegionRow[]): RegionRow[] {
  return rows.map((row) => ({
    recallElasticity: row.recallElasticity,
    sizeOnly: breakEvenRecall(row.points, 'sizeOnly'),
    gate: breakEvenRecall(row.points, 'gate'),
    cheapest: recallVerdicts(row.points).map((v) => v.cheapest),
  }));
}

/** The sentence a reviewer acts on: which policy is safe for which range. */
function verdict(rows: readonly RegionRow[], threshold: number): string {
  const sizeSafe = rows.every((r) => !r.sizeOnly.losesAbove);
  const gateSafe = rows.every((r) => !r.gate.losesAbove);
  const lowest = Math.min(...rows.map((r) => r.sizeOnly.paysBelow));
  const highest = Math.max(...rows.map((r) => r.sizeOnly.paysBelow));
  const sizeWords = sizeSafe
    ? `Size-only offload at ${formatTokens(threshold)} tokens never costs more than never offloading on these outputs.`
    : `Size-only offload at ${formatTokens(threshold)} tokens pays only while fewer than ${formatPercent(lowest, 0)}–${formatPercent(highest, 0)} of offloaded outputs are recalled (depending on k), and costs more above that.`;
  const gateWords = gateSafe
    ? ' The net-saving gate is never worse than never offloading at any recall rate or k shown: it is the safe choice when recall is unknown.'
    : ` The net-saving gate can also cost more (up to ${formatUsd(Math.max(...rows.map((r) => r.gate.worstLossUsd)))} per 1,000 outputs) where its prior p differs from the recall that sizes give (k > 0).`;
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
  const request = useMemo<RecallRegionRequest>(
    () => ({
      population: use.population,
      inputs: sweepInputs,
      pricing: pricingFor(pricing, [sweepInputs.modelName]),
      probabilities: RECALL_STEPS,
      elasticities: ELASTICITIES,
      ...(use.packed === undefined ? {} : { outputs: use.packed }),
    }),
    [use.population, use.packed, sweepInputs, pricing],
  );
  const answer = useEngineQuery('sweeps', 'recallRegion', request).value;
  if (answer === undefined)
    return <p className="loading-note">Finding where each policy breaks even…</p>;
  if (answer === null) return null;
  const rows = regionRows(answer);
  const threshold = use.population.sizeOnlyThresholdTokens;
  const cell = 100 / RECALL_STEPS.length;
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
          <span>{verdict(rows, threshold)}</span>{' '}
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
