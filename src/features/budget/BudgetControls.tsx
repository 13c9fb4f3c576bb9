import { memo, useId } from 'react';
import { sameRecord } from '../../domain/equality.ts';
import { computed, useValue } from '../../state/derive.ts';
import { useAppStore } from '../../state/store.ts';
import { rowsTotalTokens } from './row-nodes.ts';
import { TYPICAL_PROMPT_ROWS } from '../../model/budget.ts';
import { NumberField } from '../../ui/NumberField.tsx';
import { formatTokens } from '../../ui/format.ts';

/** The smallest of 1, 2, 5 × a power of ten that is ≥ `value` (and ≥ 1). */
export function niceCeiling(value: number): number {
  const target = Math.max(1, value);
  const magnitude = 10 ** Math.floor(Math.log10(target));
  for (const m of [1, 2, 5]) if (m * magnitude >= target) return m * magnitude;
  return 10 * magnitude;
}

/** The rows' total and the slider's range: a little more than the total (the field takes any budget). */
const budgetSliderRange = computed(
  'budget.sliderRange',
  () => {
    const totalTokens = rowsTotalTokens.get();
    const sliderMax = niceCeiling(Math.max(1_000, totalTokens * 1.25));
    return { totalTokens, sliderMax, step: niceCeiling(sliderMax / 500) };
  },
  { isEqual: sameRecord },
);

/**
 * The estimator's setting and the preset rows. They do not depend on the
 * budget, so a budget step leaves them alone.
 */
const EstimatorSettings = memo(function EstimatorSettings() {
  const charsPerToken = useAppStore((s) => s.budget.charsPerToken);
  const setBudget = useAppStore((s) => s.setBudget);
  return (
    <>
      <NumberField
        label="Chars per token"
        value={charsPerToken}
        onChange={(v) => setBudget({ charsPerToken: v })}
        min={1}
        max={100}
        integer
        noSlider
        unit="chars"
        hint="The core's offline estimator: tokens = ⌈code points ÷ chars per token⌉, for rows estimated from pasted text."
      />
      <div>
        <button type="button" onClick={() => setBudget({ rows: TYPICAL_PROMPT_ROWS })}>
          Start from a typical agent prompt
        </button>
        <p className="field-hint">
          Replaces the rows with system, tools, persona, memory, retrieved documents, history and a
          per-turn hint.
        </p>
      </div>
    </>
  );
});

/** The prompt budget (slider and numeric field), the unbounded switch, and the estimator's setting. */
export function BudgetControls() {
  const maxTotalTokens = useAppStore((s) => s.budget.maxTotalTokens);
  const unbounded = useAppStore((s) => s.budget.unbounded);
  const setBudget = useAppStore((s) => s.setBudget);
  const id = useId();
  const { totalTokens, sliderMax, step } = useValue(budgetSliderRange);

  return (
    <section className="controls budget-controls" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Prompt budget</h2>
      <NumberField
        label="Budget"
        value={maxTotalTokens}
        onChange={(v) => setBudget({ maxTotalTokens: v, unbounded: false })}
        min={0}
        max={1_000_000_000}
        sliderMax={sliderMax}
        step={step}
        integer
        unit="tokens"
        formatValue={(v) => `${formatTokens(v)} tokens`}
        hint={
          unbounded
            ? 'Ignored while Unbounded is on; moving it turns Unbounded off.'
            : `Most tokens one compiled prompt may use. The rows total ${formatTokens(totalTokens)} tokens.`
        }
      />
      <div className="budget-check">
        <input
          id={`${id}-u`}
          type="checkbox"
          checked={unbounded}
          onChange={(e) => setBudget({ unbounded: e.target.checked })}
        />
        <label htmlFor={`${id}-u`}>Unbounded</label>
        <span className="field-hint">
          no ceiling: every row is admitted (the seed&apos;s default)
        </span>
      </div>
      <EstimatorSettings />
    </section>
  );
}
