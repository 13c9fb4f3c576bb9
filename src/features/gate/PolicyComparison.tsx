import { memo, useId, useMemo, useState } from 'react';
import { parseSizes, type PricingTable, type ResolvedGateInputs } from '../../core/index.ts';
import { useEngineQuery } from '../../engine/use-engine-query.ts';
import { useAppStore } from '../../state/store.ts';
import { recallAtSize, type PolicyBasis } from '../../domain/population-sizes.ts';
import { BarChart } from '../../ui/charts/BarChart.tsx';
import { LineChart } from '../../ui/charts/LineChart.tsx';
import { PALETTE } from '../../ui/charts/palette.ts';
import { ChartFrame } from '../../ui/ChartFrame.tsx';
import { DataTable, type DataColumn } from '../../ui/DataTable.tsx';
import { NumberField } from '../../ui/NumberField.tsx';
import { formatNumber, formatPercent, formatTokens, formatUsd } from '../../ui/format.ts';
import {
  formatDeltaPct,
  policyAssumptionWords,
  SEED_V712_REFERENCE,
  UNCACHED_BASIS_NOTE,
} from '../../domain/policy-words.ts';
import { TooltipBox, tokenTick, usdTick } from './chart-bits.tsx';
import { ComparisonControls } from './ComparisonControls.tsx';
import { policyBars } from './policy-bars.ts';
import { GateVolumeLine } from './GateVolumeLine.tsx';
import { TrafficPopulation } from './TrafficPopulation.tsx';
import { populationRequest, useTrafficPopulation } from '../../engine/traces/traffic-figures.ts';

interface Bar {
  policy: string;
  costUsd: number;
  offloaded: number;
  deltaVsNeverPct: number | null;
  carriedCacheHitPct: number;
}

/** "Δ +96.9% vs never · 32% cache hit": what each bar's label adds to its cost. */
function barNote(bar: Bar, isNever: boolean): string {
  return `${isNever ? 'reference' : `${formatDeltaPct(bar.deltaVsNeverPct)} vs never`} · carried cache hit ${formatPercent(bar.carriedCacheHitPct / 100)}`;
}

/** Pasted text the parser refused, and its message naming the bad entry. */
interface PasteDraft {
  readonly text: string;
  readonly error: string;
}

const RECALL_SIZES = [500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000];

const RECALL_COLUMNS: readonly DataColumn<{ x: number; y: number }>[] = [
  { key: 'size', header: 'Output size', cell: (p) => formatTokens(p.x) },
  { key: 'p', header: 'p(size)', cell: (p) => formatPercent(p.y) },
];

const POLICY_COLUMNS: readonly DataColumn<Bar>[] = [
  { key: 'policy', header: 'Policy', cell: (b) => b.policy },
  { key: 'cost', header: 'Cost per 1,000 outputs', cell: (b) => formatUsd(b.costUsd) },
  { key: 'offloaded', header: 'Offloaded (of 1,000)', cell: (b) => b.offloaded },
  {
    key: 'delta',
    header: 'Change vs never offloading',
    cell: (b) => formatDeltaPct(b.deltaVsNeverPct),
  },
  {
    key: 'carried',
    header: 'Carried cache hit',
    cell: (b) => formatPercent(b.carriedCacheHitPct / 100),
  },
];

/** The small curve of p(size) the comparison uses when k > 0. */
function RecallCurve({ basis }: { basis: PolicyBasis }) {
  const points = RECALL_SIZES.map((x) => ({ x, y: recallAtSize(basis, x) }));
  return (
    <ChartFrame
      title="Recall probability by output size, p(size)"
      assumptions={[
        `recall ${formatPercent(basis.recallProbability)} at ${formatTokens(basis.largeOffloadThresholdTokens)} tokens`,
        `k = ${formatNumber(basis.recallElasticity, 2)}`,
      ]}
      summary={`Recall probability: ${points.map((p) => `${formatPercent(p.y)} at ${formatTokens(p.x)} tokens`).join(', ')}.`}
      chart={
        <LineChart
          height={140}
          x={{
            kind: 'log',
            domain: [500, 100_000],
            ticks: RECALL_SIZES,
            format: tokenTick,
            title: 'output size, tokens',
          }}
          y={{ format: (v) => formatPercent(v), domain: [0, 1] }}
          series={[{ id: 'p', points, color: PALETTE.result }]}
        />
      }
      table={
        <DataTable
          caption="Recall probability by output size"
          columns={RECALL_COLUMNS}
          rows={points}
          rowKey={(p) => p.x}
        />
      }
    />
  );
}

function PolicyTooltip({ bar }: { bar: Bar }) {
  return (
    <TooltipBox>
      <strong>{bar.policy}</strong>
      <br />
      {formatUsd(bar.costUsd)} per 1,000 outputs · offloads {bar.offloaded} of 1,000
      <br />
      {formatDeltaPct(bar.deltaVsNeverPct)} vs never · carried cache hit{' '}
      {formatPercent(bar.carriedCacheHitPct / 100)}
    </TooltipBox>
  );
}

/** Never offload vs size-only offload (v7.12.0) vs the net-saving gate over a population of outputs. */
/**
 * The policy comparison over a population of sizes. It takes the inputs with
 * the size fixed (`GateView.sweepInputs`), so a step of the size slider, which
 * it does not depend on, skips it entirely.
 */
export const PolicyComparison = memo(function PolicyComparison({
  sweepInputs,
  pricing,
}: {
  sweepInputs: ResolvedGateInputs;
  pricing: PricingTable;
}) {
  const population = useAppStore((s) => s.gate.population);
  const setPopulation = useAppStore((s) => s.setPopulation);
  const traffic = useTrafficPopulation(population);
  const pasteId = useId();
  // A draft only while the pasted text is invalid, with the parser's message (found once,
  // as it is typed); otherwise the store's text shows, so a link, preset or import that
  // changes it is seen at once.
  const [pasteDraft, setPasteDraft] = useState<PasteDraft | null>(null);
  const pasteText = pasteDraft?.text ?? population.pasted;
  const pasteError =
    pasteDraft === null || population.mode !== 'pasted' || pasteDraft.text === population.pasted
      ? null
      : pasteDraft.error;

  // The comparison sweeps sizes itself: the current output size is irrelevant.
  const request = useMemo(
    () => populationRequest(traffic, sweepInputs, pricing),
    [traffic, sweepInputs, pricing],
  );
  const answer = useEngineQuery('gate', 'population', request);
  const result = answer.value;
  const figures = result?.ok ? result.figures : null;
  const comparison = figures?.comparison ?? null;
  const basis = figures?.basis ?? null;
  // The threshold the shown answer was priced with, so its bars and labels agree.
  const thresholdTokens = result?.thresholdTokens ?? population.sizeOnlyThresholdTokens;

  const scale = comparison ? 1000 / comparison.populationSize : 1;
  const bars: Bar[] = comparison
    ? [
        { policy: 'Never offload', outcome: comparison.never },
        { policy: `Size-only at ${formatTokens(thresholdTokens)}`, outcome: comparison.sizeOnly },
        { policy: 'Net-saving gate', outcome: comparison.gate },
      ].map(({ policy, outcome }) => ({
        policy,
        costUsd: outcome.totalUsd,
        offloaded: Math.round(outcome.offloaded * scale),
        deltaVsNeverPct: outcome.deltaVsNeverPct,
        carriedCacheHitPct: outcome.carriedCacheHitPct,
      }))
    : [];
  const sizeOnlyLoses =
    comparison !== null && comparison.sizeOnly.totalUsd > comparison.never.totalUsd;
  const barChart = policyBars(
    bars.map((b) => ({ label: b.policy, costUsd: b.costUsd })),
    [PALETTE.baseline, sizeOnlyLoses ? PALETTE.loses : PALETTE.alternative, PALETTE.result],
  );
  const words = basis
    ? policyAssumptionWords(basis, { ownHorizons: traffic.outputs !== undefined })
    : [];
  const summary = comparison
    ? `Per 1,000 tool outputs: never offloading costs ${formatUsd(comparison.never.totalUsd)}, size-only offload at ${formatTokens(thresholdTokens)} tokens costs ${formatUsd(comparison.sizeOnly.totalUsd)} (${formatDeltaPct(comparison.sizeOnly.deltaVsNeverPct)} vs never)` +
      (sizeOnlyLoses ? ', more than never offloading: the v7.12.0 failure,' : '') +
      ` and the net-saving gate costs ${formatUsd(comparison.gate.totalUsd)} (${formatDeltaPct(comparison.gate.deltaVsNeverPct)} vs never), ${basis?.carryBasis === 'cached' ? 'on the cache-aware basis' : "on the seed's uncached basis"}.`
    : result === undefined
      ? 'Comparing the policies…'
      : result.ok
        ? ''
        : (result.error ?? `No price row for ${sweepInputs.modelName}.`);
  const assumptions = [
    `model ${sweepInputs.modelName}`,
    ...words,
    traffic.outputs !== undefined
      ? `${formatTokens(traffic.outputs.length)} tool outputs from your traffic, each with its own horizon`
      : population.mode === 'pasted'
        ? `${formatTokens(result?.sizeCount ?? 0)} pasted output sizes`
        : `log-normal output sizes, median ${formatTokens(population.medianTokens)} tokens, σ ${population.sigma}`,
    `size-only threshold ${formatTokens(thresholdTokens)} tokens`,
    `gate threshold ${formatTokens(sweepInputs.largeOffloadThresholdTokens)} tokens, stub ${formatTokens(sweepInputs.stubTokens)}, recall hop ${formatTokens(sweepInputs.recallInputTokens)} in / ${formatTokens(sweepInputs.recallOutputTokens)} out`,
  ];

  return (
    <section
      className="card"
      aria-labelledby={`${pasteId}-h`}
      // Busy while the comparison for the current inputs is on its way.
      aria-busy={answer.updating}
    >
      <h2 id={`${pasteId}-h`}>Policy comparison over a population of tool outputs</h2>
      <div className="population-controls">
        <div className="field">
          <span className="field-head">
            <span id={`${pasteId}-mode`} style={{ fontWeight: 600, fontSize: '0.9rem' }}>
              Population
            </span>
          </span>
          <div className="segmented" role="group" aria-labelledby={`${pasteId}-mode`}>
            <button
              type="button"
              aria-pressed={population.mode === 'lognormal'}
              onClick={() => setPopulation({ mode: 'lognormal' })}
            >
              Median and spread
            </button>
            <button
              type="button"
              aria-pressed={population.mode === 'pasted'}
              onClick={() => setPopulation({ mode: 'pasted' })}
            >
              Pasted sizes
            </button>
            <button
              type="button"
              aria-pressed={population.mode === 'traffic'}
              onClick={() => setPopulation({ mode: 'traffic' })}
            >
              My traffic&apos;s tool outputs
            </button>
          </div>
        </div>
        <NumberField
          label="Size-only threshold"
          value={population.sizeOnlyThresholdTokens}
          onChange={(sizeOnlyThresholdTokens) => setPopulation({ sizeOnlyThresholdTokens })}
          min={0}
          max={10_000_000}
          sliderMax={100_000}
          step={500}
          unit="tokens"
          hint="The v7.12.0 rule: offload whenever size ≥ this."
        />
        {traffic.outputs !== undefined ? null : traffic.population.mode === 'lognormal' ? (
          <>
            <NumberField
              label="Median output size"
              value={population.medianTokens}
              onChange={(medianTokens) => setPopulation({ medianTokens })}
              min={1}
              max={10_000_000}
              sliderMin={100}
              sliderMax={1_000_000}
              log
              unit="tokens"
            />
            <NumberField
              label="Spread (σ of ln size)"
              value={population.sigma}
              onChange={(sigma) => setPopulation({ sigma })}
              min={0}
              max={5}
              step={0.05}
            />
          </>
        ) : (
          <div className="field" style={{ flexBasis: '100%' }}>
            <label htmlFor={pasteId} style={{ fontWeight: 600, fontSize: '0.9rem' }}>
              Pasted output sizes
            </label>
            <textarea
              id={pasteId}
              rows={4}
              value={pasteText}
              aria-invalid={pasteError !== null}
              placeholder="e.g. 1200, 45000, 8000 (tokens, separated by commas, spaces or new lines)"
              onChange={(e) => {
                const text = e.target.value;
                try {
                  parseSizes(text);
                  setPasteDraft(null);
                  setPopulation({ pasted: text });
                } catch (error) {
                  // Keep the last good population; the message below names the bad entry.
                  setPasteDraft({
                    text,
                    error: error instanceof Error ? error.message : String(error),
                  });
                }
              }}
            />
            {pasteError ? (
              <p role="alert" className="field-error">
                {pasteError}
              </p>
            ) : (
              <p className="field-hint">
                {result !== undefined && result.sizeCount > 0
                  ? `${formatTokens(result.sizeCount)} sizes.`
                  : 'Paste sizes in tokens.'}
              </p>
            )}
          </div>
        )}
      </div>
      <TrafficPopulation use={traffic} sweepInputs={sweepInputs} pricing={pricing} />
      <ComparisonControls id={pasteId} sweepInputs={sweepInputs} />
      <div className="policy-assumptions">
        <h3>Assumptions of this comparison</h3>
        {words.length > 0 ? (
          <ul>
            {words.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        ) : null}
        {population.carryBasis === 'uncached' ? (
          <p className="field-hint policy-note">{UNCACHED_BASIS_NOTE}</p>
        ) : null}
        <p className="field-hint">For reference, {SEED_V712_REFERENCE}.</p>
      </div>
      {basis !== null && basis.recallElasticity > 0 ? <RecallCurve basis={basis} /> : null}
      {bars.length > 0 ? (
        <ul className="policy-notes">
          {bars.map((b, i) => (
            <li key={b.policy}>
              <strong>{b.policy}</strong>: {formatUsd(b.costUsd)} per 1,000 · {barNote(b, i === 0)}
            </li>
          ))}
        </ul>
      ) : null}
      <ChartFrame
        title="Expected cost per 1,000 outputs"
        assumptions={assumptions}
        exportable
        csvRows={bars.map((b) => ({
          policy: b.policy,
          costPer1000OutputsUsd: b.costUsd,
          offloadedOf1000: b.offloaded,
          deltaVsNeverPct: b.deltaVsNeverPct ?? '',
          carriedCacheHitPct: b.carriedCacheHitPct,
        }))}
        summary={
          <span role="status" aria-live="polite" aria-atomic="true">
            {summary}
          </span>
        }
        chart={
          <BarChart
            orientation="rows"
            rowHeight={52}
            categories={barChart.categories}
            segments={barChart.segments}
            tickFormat={usdTick}
            tooltip={(i) => (bars[i] ? <PolicyTooltip bar={bars[i]} /> : null)}
          />
        }
        table={
          <DataTable
            caption="Expected cost per 1,000 outputs by policy"
            columns={POLICY_COLUMNS}
            rows={bars}
            rowKey={(b) => b.policy}
          />
        }
      />
      <GateVolumeLine comparison={comparison} />
    </section>
  );
});
