import { memo } from 'react';
import type { ResolvedGateInputs } from '../../core/index.ts';
import { useAppStore } from '../../state/store.ts';
import { NumberField } from '../../ui/NumberField.tsx';
import { formatNumber } from '../../ui/format.ts';

/** The comparison's own assumptions: basis, φ, tail, k, horizon and recall prior. */
export const ComparisonControls = memo(function ComparisonControls({
  id,
  sweepInputs,
}: {
  id: string;
  sweepInputs: ResolvedGateInputs;
}) {
  const population = useAppStore((s) => s.gate.population);
  const setPopulation = useAppStore((s) => s.setPopulation);
  const cached = population.carryBasis === 'cached';
  return (
    <div className="population-controls">
      <div className="field">
        <span className="field-head">
          <span id={`${id}-basis`} style={{ fontWeight: 600, fontSize: '0.9rem' }}>
            Pricing basis
          </span>
        </span>
        <div className="segmented" role="group" aria-labelledby={`${id}-basis`}>
          <button
            type="button"
            aria-pressed={!cached}
            onClick={() => setPopulation({ carryBasis: 'uncached' })}
          >
            Seed&apos;s (uncached)
          </button>
          <button
            type="button"
            aria-pressed={cached}
            onClick={() =>
              setPopulation({
                carryBasis: 'cached',
                // 1 is the core's default; 0.9 is what a warm cache gives in practice.
                ...(population.cacheHitShare === 1 ? { cacheHitShare: 0.9 } : {}),
              })
            }
          >
            Cache-aware
          </button>
        </div>
      </div>
      {cached ? (
        <>
          <NumberField
            label="Cache-hit share φ"
            value={population.cacheHitShare}
            onChange={(cacheHitShare) => setPopulation({ cacheHitShare })}
            min={0}
            max={1}
            step={0.05}
            hint="Share of carried context read from a warm cache."
          />
          <NumberField
            label="Tail re-cached on offload"
            value={population.tailTokens}
            onChange={(tailTokens) => setPopulation({ tailTokens })}
            min={0}
            max={1_000_000_000}
            sliderMax={100_000}
            step={500}
            unit="tokens"
            hint="Tokens after the output written to the cache again when it is replaced by a stub."
          />
        </>
      ) : null}
      <NumberField
        label="Recall elasticity k"
        value={population.recallElasticity}
        onChange={(recallElasticity) => setPopulation({ recallElasticity })}
        min={0}
        max={10}
        sliderMax={3}
        step={0.1}
        hint="0: one recall probability for every size; more: smaller outputs are recalled more often."
      />
      <OwnOrGate
        id={`${id}-ch`}
        label="Comparison horizon"
        own={population.horizon}
        gateValue={sweepInputs.horizon}
        onChange={(horizon) => setPopulation({ horizon })}
        max={10_000}
        sliderMax={50}
        step={1}
        unit="turns"
      />
      <OwnOrGate
        id={`${id}-cp`}
        label="Comparison recall prior"
        own={population.recallProbability}
        gateValue={sweepInputs.recallProbability}
        onChange={(recallProbability) => setPopulation({ recallProbability })}
        max={1}
        sliderMax={1}
        step={0.05}
      />
    </div>
  );
});

/** "Same as the gate above" or the comparison's own value. */
function OwnOrGate(props: {
  id: string;
  label: string;
  own: number | null;
  gateValue: number;
  onChange: (value: number | null) => void;
  max: number;
  sliderMax: number;
  step: number;
  unit?: string;
}) {
  const { id, label, own, gateValue, onChange } = props;
  return (
    <div className="field">
      <span className="field-head">
        <span id={id} style={{ fontWeight: 600, fontSize: '0.9rem' }}>
          {label}
        </span>
      </span>
      <div className="segmented" role="group" aria-labelledby={id}>
        <button type="button" aria-pressed={own === null} onClick={() => onChange(null)}>
          Same as the gate above
        </button>
        <button
          type="button"
          aria-pressed={own !== null}
          onClick={() => onChange(own ?? gateValue)}
        >
          Its own
        </button>
      </div>
      {own !== null ? (
        <NumberField
          label={`${label} value`}
          value={own}
          onChange={(value) => onChange(value)}
          min={0}
          max={props.max}
          sliderMax={props.sliderMax}
          step={props.step}
          {...(props.unit === undefined ? {} : { unit: props.unit })}
        />
      ) : (
        <p className="field-hint">{formatNumber(gateValue, 2)} from the gate above.</p>
      )}
    </div>
  );
}
