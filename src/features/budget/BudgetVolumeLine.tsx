import { memo, useCallback, useId } from 'react';
import { perToken, priceRowFor } from '../../core/index.ts';
import { DEFAULT_VOLUME_PER_DAY, resolveVolume, volumeRows } from '../../domain/volume.ts';
import { sameRecord } from '../../domain/equality.ts';
import { computed, fromStore, useValue } from '../../state/derive.ts';
import { pricingTable, useModelNames } from '../../state/selectors.ts';
import { useAppStore } from '../../state/store.ts';
import { useTrafficFigures } from '../../engine/traces/traffic-figures.ts';
import { formatTokens } from '../../ui/format.ts';
import { VolumeLine } from '../../ui/VolumeLine.tsx';
import { budgetOutcome } from './use-budget.ts';

const volumeModel = fromStore('budget.volumeModel', (s) => s.budget.volumeModel);

/** The admitted prompt priced as plain input on the volume line's model. */
const admittedPromptPrice = computed(
  'budget.admittedPromptPrice',
  () => {
    const outcome = budgetOutcome.get();
    const row = priceRowFor(pricingTable.get(), volumeModel.get());
    const tokens = outcome.kind === 'ok' ? outcome.report.totalTokens : null;
    return {
      priced: row !== undefined,
      tokens,
      usd: row === undefined || tokens === null ? null : tokens * perToken(row.input),
    };
  },
  { isEqual: sameRecord },
);

/**
 * The budget's volume line: prompts per day → the admitted prompt, priced as
 * plain input on a chosen model, in USD per day and per 30 days (the traffic's
 * rate is its calls: each call sends one prompt).
 */
export const BudgetVolumeLine = memo(function BudgetVolumeLine() {
  const id = useId();
  const typed = useAppStore((s) => s.budget.volumePerDay);
  const model = useAppStore((s) => s.budget.volumeModel);
  const setBudget = useAppStore((s) => s.setBudget);
  const pickModel = useCallback((volumeModel: string) => setBudget({ volumeModel }), [setBudget]);
  const trafficRate = useTrafficFigures().rates?.callsPerDay;
  const models = useModelNames();
  const prompt = useValue(admittedPromptPrice);
  // The rate may come from the traffic's session store, which is outside the graph.
  const volume = resolveVolume(typed, trafficRate, DEFAULT_VOLUME_PER_DAY.prompts);
  const rows =
    prompt.usd === null
      ? []
      : volumeRows(volume, [
          [
            `The admitted prompt (${formatTokens(prompt.tokens ?? 0)} tokens, uncached input)`,
            prompt.usd,
          ],
        ]);
  return (
    <section className="card">
      <VolumeLine
        label="Prompts per day"
        perDay={volume.perDay}
        source={volume.source}
        trafficRate={trafficRate !== undefined}
        onChange={(volumePerDay) => setBudget({ volumePerDay })}
        rows={rows}
      >
        <div className="field">
          <label htmlFor={`${id}-m`} style={{ fontWeight: 600, fontSize: '0.9rem' }}>
            Priced on
          </label>
          <ModelSelect id={`${id}-m`} model={model} models={models} onChange={pickModel} />
          {!prompt.priced ? (
            <p className="field-error">No price row for {model}: choose another model.</p>
          ) : null}
        </div>
      </VolumeLine>
    </section>
  );
});

/**
 * The "Priced on" model list, apart so that a budget step (a new outcome)
 * does not re-render its options: with a full LiteLLM file that is 2,000
 * and more. Its width is set, so the browser never measures every option's
 * text to size it when the card around it is laid out again.
 */
const ModelSelect = memo(function ModelSelect({
  id,
  model,
  models,
  onChange,
}: {
  id: string;
  model: string;
  models: readonly string[];
  onChange: (model: string) => void;
}) {
  return (
    <select
      id={id}
      value={model}
      onChange={(e) => onChange(e.target.value)}
      style={{ width: '100%', maxWidth: '22rem' }}
    >
      {(models.includes(model) ? models : [model, ...models]).map((m) => (
        <option key={m} value={m}>
          {m}
        </option>
      ))}
    </select>
  );
});
