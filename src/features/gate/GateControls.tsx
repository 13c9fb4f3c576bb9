import { memo, useId } from 'react';
import { ModelSelect } from '../../ui/ModelSelect.tsx';
import { NumberField, type NumberFieldProps } from '../../ui/NumberField.tsx';
import { formatTokens } from '../../ui/format.ts';
import { useModelNames } from '../../state/selectors.ts';
import type { GateState } from '../../model/gate.ts';
import { useAppStore } from '../../state/store.ts';

type NumericGateField = {
  [K in keyof GateState]: GateState[K] extends number ? K : never;
}[keyof GateState];

/**
 * One of the gate's numbers, subscribed to that field alone: a step of one
 * slider re-renders that control, not the eight others beside it.
 */
function GateNumber({
  field,
  scale = 1,
  ...fieldProps
}: Omit<NumberFieldProps, 'value' | 'onChange'> & {
  field: NumericGateField;
  /** Shown and typed as the field times `scale` (characters = tokens × 4). */
  scale?: number;
}) {
  const value = useAppStore((s) => s.gate[field]);
  const setGate = useAppStore((s) => s.setGate);
  return (
    <NumberField
      {...fieldProps}
      value={value * scale}
      onChange={(next) => setGate({ [field]: next / scale })}
    />
  );
}

/** The gate's inputs: every control labelled with the name the seed's inputs go by. */
export const GateControls = memo(function GateControls() {
  const modelName = useAppStore((s) => s.gate.modelName);
  const setGate = useAppStore((s) => s.setGate);
  const models = useModelNames();
  const modelId = useId();
  const unknownModel = !models.includes(modelName);

  return (
    <div className="controls" aria-labelledby={`${modelId}-h`}>
      <h2 id={`${modelId}-h`}>Tool output and conversation</h2>
      <GateNumber
        label="Output tokens"
        field="outputTokens"
        min={0}
        max={100_000_000}
        sliderMin={100}
        sliderMax={1_000_000}
        log
        unit="tokens"
        formatValue={(v) => `${formatTokens(v)} tokens`}
        hint="Size of the candidate tool output (characters ÷ 4)."
      />
      <GateNumber
        label="Output characters"
        field="outputTokens"
        scale={4}
        min={0}
        max={400_000_000}
        noSlider
        unit="chars"
        hint="Or enter the output's length in characters; tokens = characters ÷ 4."
      />
      <GateNumber
        label="Horizon"
        field="horizon"
        min={0}
        max={200}
        sliderMax={50}
        integer
        unit="turns"
        hint="Remaining turns the output would otherwise be carried (a fixed prior, not the live turn count)."
      />
      <GateNumber
        label="Recall probability"
        field="recallProbability"
        min={0}
        max={1}
        step={0.01}
        formatValue={(v) => `${Math.round(v * 100)}%`}
        hint="Chance the offloaded output is fetched back (one extra hop)."
      />
      <div className="select-field">
        <label htmlFor={modelId}>Model</label>
        <ModelSelect
          id={modelId}
          value={modelName}
          options={unknownModel ? [modelName, ...models] : models}
          labelOf={(m) => (unknownModel && m === modelName ? `${m} (no price row)` : m)}
          invalid={unknownModel}
          filterName="the gate's models"
          onChange={(m) => setGate({ modelName: m })}
        />
        <p className="field-hint">
          Every term is priced from this model&apos;s row in the Prices tab.
        </p>
      </div>
      <h2>Gate settings</h2>
      <p className="note">
        The seed does not publish its defaults; the values here are the explorer&apos;s own
        (threshold 10,000, stub 150, recall hop 2,000 in / 300 out).
      </p>
      <GateNumber
        label="Large offload threshold"
        field="largeOffloadThresholdTokens"
        min={0}
        max={10_000_000}
        sliderMax={100_000}
        step={500}
        integer
        unit="tokens"
        hint="Below this size the gate never fires, whatever the maths says."
      />
      <GateNumber
        label="Stub tokens"
        field="stubTokens"
        min={0}
        max={1_000_000}
        sliderMax={5_000}
        step={10}
        integer
        unit="tokens"
        hint="The placeholder left in the conversation, carried every turn."
      />
      <GateNumber
        label="Recall input tokens"
        field="recallInputTokens"
        min={0}
        max={10_000_000}
        sliderMax={50_000}
        step={100}
        integer
        unit="tokens"
      />
      <GateNumber
        label="Recall output tokens"
        field="recallOutputTokens"
        min={0}
        max={1_000_000}
        sliderMax={10_000}
        step={50}
        integer
        unit="tokens"
      />
    </div>
  );
});
