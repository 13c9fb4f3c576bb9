import { useId } from 'react';
import { NumberField } from '../../ui/NumberField.tsx';
import { formatTokens } from '../../ui/format.ts';
import { useModelNames } from '../../state/selectors.ts';
import { useAppStore } from '../../state/store.ts';

/** The gate's inputs: every control labelled with the name the seed's inputs go by. */
export function GateControls() {
  const gate = useAppStore((s) => s.gate);
  const setGate = useAppStore((s) => s.setGate);
  const models = useModelNames();
  const modelId = useId();
  const unknownModel = !models.includes(gate.modelName);

  return (
    <div className="controls" aria-labelledby={`${modelId}-h`}>
      <h2 id={`${modelId}-h`}>Tool output and conversation</h2>
      <NumberField
        label="Output tokens"
        value={gate.outputTokens}
        onChange={(outputTokens) => setGate({ outputTokens })}
        min={0}
        max={100_000_000}
        sliderMin={100}
        sliderMax={1_000_000}
        log
        unit="tokens"
        formatValue={(v) => `${formatTokens(v)} tokens`}
        hint="Size of the candidate tool output (characters ÷ 4)."
      />
      <NumberField
        label="Output characters"
        value={gate.outputTokens * 4}
        onChange={(chars) => setGate({ outputTokens: chars / 4 })}
        min={0}
        max={400_000_000}
        noSlider
        unit="chars"
        hint="Or enter the output's length in characters; tokens = characters ÷ 4."
      />
      <NumberField
        label="Horizon"
        value={gate.horizon}
        onChange={(horizon) => setGate({ horizon })}
        min={0}
        max={200}
        sliderMax={50}
        integer
        unit="turns"
        hint="Remaining turns the output would otherwise be carried (a fixed prior, not the live turn count)."
      />
      <NumberField
        label="Recall probability"
        value={gate.recallProbability}
        onChange={(recallProbability) => setGate({ recallProbability })}
        min={0}
        max={1}
        step={0.01}
        formatValue={(v) => `${Math.round(v * 100)}%`}
        hint="Chance the offloaded output is fetched back (one extra hop)."
      />
      <div className="select-field">
        <label htmlFor={modelId}>Model</label>
        <select
          id={modelId}
          value={gate.modelName}
          onChange={(e) => setGate({ modelName: e.target.value })}
        >
          {unknownModel && <option value={gate.modelName}>{gate.modelName} (no price row)</option>}
          {models.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </select>
        <p className="field-hint">
          Every term is priced from this model&apos;s row in the Prices tab.
        </p>
      </div>
      <h2>Gate settings</h2>
      <p className="note">
        The seed does not publish its defaults; the values here are the explorer&apos;s own
        (threshold 10,000, stub 150, recall hop 2,000 in / 300 out).
      </p>
      <NumberField
        label="Large offload threshold"
        value={gate.largeOffloadThresholdTokens}
        onChange={(largeOffloadThresholdTokens) => setGate({ largeOffloadThresholdTokens })}
        min={0}
        max={10_000_000}
        sliderMax={100_000}
        step={500}
        integer
        unit="tokens"
        hint="Below this size the gate never fires, whatever the maths says."
      />
      <NumberField
        label="Stub tokens"
        value={gate.stubTokens}
        onChange={(stubTokens) => setGate({ stubTokens })}
        min={0}
        max={1_000_000}
        sliderMax={5_000}
        step={10}
        integer
        unit="tokens"
        hint="The placeholder left in the conversation, carried every turn."
      />
      <NumberField
        label="Recall input tokens"
        value={gate.recallInputTokens}
        onChange={(recallInputTokens) => setGate({ recallInputTokens })}
        min={0}
        max={10_000_000}
        sliderMax={50_000}
        step={100}
        integer
        unit="tokens"
      />
      <NumberField
        label="Recall output tokens"
        value={gate.recallOutputTokens}
        onChange={(recallOutputTokens) => setGate({ recallOutputTokens })}
        min={0}
        max={1_000_000}
        sliderMax={10_000}
        step={50}
        integer
        unit="tokens"
      />
    </div>
  );
}
