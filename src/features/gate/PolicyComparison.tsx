import { memo, useId, useMemo, useState } from 'react';
import { parseSizes, type PricingTable, type ResolvedGateInputs } from '../../core/index.ts';
import { pricingFor } from '../../domain/baselines.ts';
import type { PopulationRequest } from '../../engine/api.ts';
import { useEngineResult } from '../../engine/use-engine-result.ts';
import { useAppStore } from '../../state/store.ts';
import { BarChart } from '../../ui/charts/BarChart.tsx';
import { PALETTE } from '../../ui/charts/palette.ts';
import { ChartFrame } from '../../ui/ChartFrame.tsx';
import { NumberField } from '../../ui/NumberField.tsx';
import { formatTokens, formatUsd } from '../../ui/format.ts';
import { gateAssumptions, TooltipBox, usdTick } from './chart-bits.tsx';
import { policyBars } from './policy-bars.ts';

interface Bar {
  policy: string;
  costUsd: number;
  offloaded: number;
}

function PolicyTooltip({ bar }: { bar: Bar }) {
  return (
    <TooltipBox>
      <strong>{bar.policy}</strong>
      <br />
      {formatUsd(bar.costUsd)} per 1,000 outputs · offloads {bar.offloaded} of 1,000
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
  const pasteId = useId();
  // A draft only while the pasted text is invalid; otherwise the store's text shows,
  // so a link, preset or import that changes it is seen at once.
  const [pasteDraft, setPasteDraft] = useState<string | null>(null);
  const pasteText = pasteDraft ?? population.pasted;

  const pasteError = useMemo(() => {
    if (population.mode !== 'pasted' || pasteText === population.pasted) return null;
    try {
      parseSizes(pasteText);
      return null;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  }, [pasteText, population.mode, population.pasted]);

  // The comparison sweeps sizes itself: the current output size is irrelevant.
  const request = useMemo<PopulationRequest>(
    () => ({
      population,
      inputs: sweepInputs,
      pricing: pricingFor(pricing, [sweepInputs.modelName]),
    }),
    [population, sweepInputs, pricing],
  );
  const answer = useEngineResult('gate', 'population', request);
  const result = answer.value;
  const comparison = result?.ok ? result.comparison : null;
  // The threshold the shown answer was priced with, so its bars and labels agree.
  const thresholdTokens = result?.thresholdTokens ?? population.sizeOnlyThresholdTokens;

  const scale = comparison ? 1000 / comparison.populationSize : 1;
  const bars: Bar[] = comparison
    ? [
        { policy: 'Never offload', costUsd: comparison.neverOffloadUsd, offloaded: 0 },
        {
          policy: `Size-only at ${formatTokens(thresholdTokens)}`,
          costUsd: comparison.sizeOnlyUsd,
          offloaded: Math.round(comparison.sizeOnlyOffloaded * scale),
        },
        {
          policy: 'Net-saving gate',
          costUsd: comparison.netSavingGateUsd,
          offloaded: Math.round(comparison.gateOffloaded * scale),
        },
      ]
    : [];
  const sizeOnlyLoses = comparison !== null && comparison.sizeOnlyUsd > comparison.neverOffloadUsd;
  const barChart = policyBars(
    bars.map((b) => ({ label: b.policy, costUsd: b.costUsd })),
    [PALETTE.baseline, sizeOnlyLoses ? PALETTE.loses : PALETTE.alternative, PALETTE.result],
  );
  const summary = comparison
    ? `Per 1,000 tool outputs: never offloading costs ${formatUsd(comparison.neverOffloadUsd)}, size-only offload at ${formatTokens(thresholdTokens)} tokens costs ${formatUsd(comparison.sizeOnlyUsd)}` +
      (sizeOnlyLoses ? ' (more than never offloading: the v7.12.0 failure)' : '') +
      `, and the net-saving gate costs ${formatUsd(comparison.netSavingGateUsd)}.`
    : result === undefined
      ? 'Comparing the policies…'
      : result.ok
        ? ''
        : (result.error ?? `No price row for ${sweepInputs.modelName}.`);

  return (
    <section className="card" aria-labelledby={`${pasteId}-h`}>
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
        {population.mode === 'lognormal' ? (
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
                try {
                  parseSizes(e.target.value);
                  setPasteDraft(null);
                  setPopulation({ pasted: e.target.value });
                } catch {
                  setPasteDraft(e.target.value);
                  // Keep the last good population; the message below names the bad entry.
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
      <ChartFrame
        title="Expected cost per 1,000 outputs"
        assumptions={[
          ...gateAssumptions(sweepInputs, 'size'),
          population.mode === 'pasted'
            ? `${formatTokens(result?.sizeCount ?? 0)} pasted output sizes`
            : `log-normal output sizes, median ${formatTokens(population.medianTokens)} tokens, σ ${population.sigma}`,
          `size-only threshold ${formatTokens(thresholdTokens)} tokens`,
        ]}
        exportable
        csvRows={bars.map((b) => ({
          policy: b.policy,
          costPer1000OutputsUsd: b.costUsd,
          offloadedOf1000: b.offloaded,
        }))}
        summary={summary}
        chart={
          <BarChart
            orientation="rows"
            rowHeight={44}
            categories={barChart.categories}
            segments={barChart.segments}
            tickFormat={usdTick}
            tooltip={(i) => (bars[i] ? <PolicyTooltip bar={bars[i]} /> : null)}
          />
        }
        table={
          <table className="data">
            <caption className="visually-hidden">Expected cost per 1,000 outputs by policy</caption>
            <thead>
              <tr>
                <th scope="col">Policy</th>
                <th scope="col">Cost per 1,000 outputs</th>
                <th scope="col">Offloaded (of 1,000)</th>
              </tr>
            </thead>
            <tbody>
              {bars.map((b) => (
                <tr key={b.policy}>
                  <td>{b.policy}</td>
                  <td>{formatUsd(b.costUsd)}</td>
                  <td>{b.offloaded}</td>
                </tr>
              ))}
            </tbody>
          </table>
        }
      />
    </section>
  );
});
