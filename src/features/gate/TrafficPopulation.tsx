import { memo, useId, useMemo } from 'react';
import type { PricingTable, ResolvedGateInputs } from '../../core/index.ts';
import { recallVerdicts, type RecallVerdict } from '../../domain/recall-verdict.ts';
import { useEngineQuery } from '../../engine/use-engine-query.ts';
import { useAppStore } from '../../state/store.ts';
import { LineChart } from '../../ui/charts/LineChart.tsx';
import { Legend } from '../../ui/charts/Legend.tsx';
import { INK, PALETTE } from '../../ui/charts/palette.ts';
import { ChartFrame } from '../../ui/ChartFrame.tsx';
import { DataTable, type DataColumn } from '../../ui/DataTable.tsx';
import { formatNumber, formatPercent, formatTokens, formatUsd } from '../../ui/format.ts';
import { usdTick } from './chart-bits.tsx';
import { RecallRegion } from './RecallRegion.tsx';
import {
  recallSweepRequest,
  useTrafficFigures,
  type TrafficPopulationUse,
} from '../../engine/traces/traffic-figures.ts';
import './traffic-population.css';

/** The recall priors the verdict is shown at, 0 to 1. */

/** σ as the gate's spread slider takes it (0–5). */
const clampSigma = (sigma: number) => Math.min(5, Math.max(0, Math.round(sigma * 100) / 100));

/** The fitted priors with one click to put them on the gate's sliders. */
function FittedPriors() {
  const { priors, source } = useTrafficFigures();
  const setGate = useAppStore((s) => s.setGate);
  const setPopulation = useAppStore((s) => s.setPopulation);
  const ownHorizon = useAppStore((s) => s.gate.population.horizon);
  if (source === undefined) return null;
  if (priors === undefined) {
    return (
      <p className="field-hint">
        Your traffic ({source}) has no tool outputs with a size, so no priors can be fitted.
      </p>
    );
  }
  const horizon = Math.max(0, Math.round(priors.medianHorizon));
  const use = () => {
    setPopulation({
      mode: 'lognormal',
      medianTokens: Math.max(1, Math.round(priors.medianTokens)),
      sigma: clampSigma(priors.sigma),
      ...(ownHorizon === null ? {} : { horizon }),
    });
    setGate({ horizon });
  };
  return (
    <div className="traffic-priors">
      <h3>Priors fitted to your traffic</h3>
      <dl className="traffic-priors-list">
        <dt>Tool outputs</dt>
        <dd>{formatTokens(priors.outputs)}</dd>
        <dt>Median size</dt>
        <dd>{formatTokens(Math.round(priors.medianTokens))} tokens</dd>
        <dt>Spread (σ of ln size)</dt>
        <dd>{formatNumber(priors.sigma, 2)}</dd>
        <dt>Median horizon</dt>
        <dd>{formatNumber(priors.medianHorizon, 1)} turns</dd>
      </dl>
      <button type="button" onClick={use}>
        Use my traffic&apos;s priors
      </button>
      <p className="field-hint">
        Sets the median output size, the spread and the horizon sliders to these values (rounded)
        and the population to median and spread: the values travel in links, your calls do not. The
        recall probability stays a prior: traces do not say what would have been recalled.
      </p>
    </div>
  );
}

/** How the verdict (the cheapest policy, by how much) moves across p_recall on this population. */
const RecallVerdict = memo(function RecallVerdict(props: {
  use: TrafficPopulationUse;
  sweepInputs: ResolvedGateInputs;
  pricing: PricingTable;
  currentRecall: number;
}) {
  const { use, sweepInputs, pricing } = props;
  const request = useMemo(
    () => recallSweepRequest(use, sweepInputs, pricing),
    [use, sweepInputs, pricing],
  );
  // On the sweeps lane (idle on this tab): a sweep over thousands of outputs must not hold up
  // the comparison the gate lane answers at each slider step.
  const points = useEngineQuery('sweeps', 'recallSweep', request).value;
  if (points === undefined) return <p className="loading-note">Sweeping the recall prior…</p>;
  if (points === null) return null;
  const verdicts = recallVerdicts(points);
  const lines = [
    { id: 'never', label: 'Never offload', color: PALETTE.baseline, key: 'neverUsd' as const },
    {
      id: 'size-only',
      label: `Size-only at ${formatTokens(use.population.sizeOnlyThresholdTokens)}`,
      color: PALETTE.alternative,
      key: 'sizeOnlyUsd' as const,
    },
    { id: 'gate', label: 'Net-saving gate', color: PALETTE.result, key: 'gateUsd' as const },
  ];
  const flips = verdicts.filter((v, i) => i > 0 && v.cheapest !== verdicts[i - 1]!.cheapest);
  const first = verdicts[0]!;
  const summary =
    `On this population the cheapest policy at p_recall 0 is ${first.cheapestLabel}` +
    (flips.length === 0
      ? ', and it stays the cheapest up to 1.'
      : `; it changes ${flips.map((f) => `to ${f.cheapestLabel} at ${formatNumber(f.recallProbability, 2)}`).join(', ')}.`);
  return (
    <ChartFrame
      title="Which policy is cheapest as the recall prior moves"
      assumptions={[
        'recall probability is a prior: traces do not say what would have been recalled',
        `each policy's cost per 1,000 outputs, p_recall from 0 to 1 in steps of 0.05`,
      ]}
      summary={<span>{summary}</span>}
      chart={
        <>
          <LineChart
            height={180}
            x={{
              domain: [0, 1],
              ticks: [0, 0.25, 0.5, 0.75, 1],
              format: (v) => formatPercent(v),
              title: 'recall probability p_recall',
            }}
            y={{ format: usdTick, includeZero: true }}
            series={lines.map((l) => ({
              id: l.id,
              color: l.color,
              points: points.map((p) => ({ x: p.recallProbability, y: p[l.key] })),
            }))}
            markers={[
              {
                x: Math.min(1, Math.max(0, props.currentRecall)),
                label: 'your prior',
                color: INK.text,
              },
            ]}
          />
          <Legend items={lines.map((l) => ({ label: l.label, color: l.color, kind: 'line' }))} />
        </>
      }
      table={
        <DataTable
          caption="Cost per 1,000 outputs and the cheapest policy by recall prior"
          columns={[
            {
              key: 'p',
              header: 'p_recall',
              cell: (v) => formatNumber(v.recallProbability, 2),
              rowHeader: true,
            },
            ...lines.map((l): DataColumn<RecallVerdict> => ({
              key: l.id,
              header: l.label,
              cell: (_, i) => formatUsd(points[i]![l.key]),
            })),
            { key: 'cheapest', header: 'Cheapest', cell: (v) => v.cheapestLabel },
            {
              key: 'margin',
              header: 'Ahead of the next by',
              cell: (v) =>
                `${formatUsd(v.marginUsd)}${v.marginPct === null ? '' : ` (${formatPercent(v.marginPct, 1)})`}`,
            },
          ]}
          rows={verdicts}
          rowKey={(v) => v.recallProbability}
        />
      }
    />
  );
});

/**
 * The traffic's side of the policy comparison: why it fell back,
 * the fitted priors with "Use my traffic's priors", and the verdict across
 * p_recall on the population in use.
 */
export const TrafficPopulation = memo(function TrafficPopulation(props: {
  use: TrafficPopulationUse;
  sweepInputs: ResolvedGateInputs;
  pricing: PricingTable;
}) {
  const id = useId();
  const source = useTrafficFigures().source;
  const { use } = props;
  return (
    <div className="traffic-population" aria-labelledby={`${id}-h`} role="group">
      <h3 id={`${id}-h`}>Your traffic&apos;s tool outputs</h3>
      {use.fallback === null ? null : (
        <p role="note" className="field-error">
          {use.fallback}
        </p>
      )}
      {use.outputs === undefined ? null : (
        <p className="field-hint">
          {formatTokens(use.outputs.length)} tool outputs from your traffic ({source}), each carried
          for the later calls of its conversation (its own horizon: the comparison horizon is not
          used).
        </p>
      )}
      {source === undefined && use.fallback === null ? (
        <p className="field-hint">
          Import traces in “Your traffic” to compare the policies on your own tool outputs.
        </p>
      ) : null}
      <FittedPriors />
      {use.outputs === undefined ? null : (
        <RecallVerdict
          use={use}
          sweepInputs={props.sweepInputs}
          pricing={props.pricing}
          currentRecall={use.population.recallProbability ?? props.sweepInputs.recallProbability}
        />
      )}
      {use.outputs === undefined ? null : (
        <RecallRegion use={use} sweepInputs={props.sweepInputs} pricing={props.pricing} />
      )}
    </div>
  );
});
