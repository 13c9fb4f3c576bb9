import { memo, useCallback, useId } from 'react';
import { budgetBillPart } from '../../domain/bill-parts.ts';
import { partVolumeRows } from '../../domain/part-rows.ts';
import { budgetUnitCosts, promptPrice } from '../../domain/tab-costs.ts';
import { DEFAULT_VOLUME_PER_DAY, resolveVolume } from '../../domain/volume.ts';
import { sameList, sameRecord } from '../../domain/equality.ts';
import { computed, fromStore, useValue } from '../../state/derive.ts';
import { modelNames, pricingTable } from '../../state/selectors.ts';
import { useAppStore } from '../../state/store.ts';
import { useTrafficFigures } from '../../engine/traces/traffic-figures.ts';
import { ModelSelect } from '../../ui/ModelSelect.tsx';
import { VolumeLine } from '../../ui/VolumeLine.tsx';
import { budgetOutcome, rowsAnalysis } from './use-budget.ts';

const volumeModel = fromStore('budget.volumeModel', (s) => s.budget.volumeModel);

/** The admitted prompt, and every row without a budget, priced as plain input on the volume line's model. */
const admittedPromptPrice = computed(
  'budget.admittedPromptPrice',
  () => {
    const outcome = budgetOutcome.get();
    return promptPrice(
      pricingTable.get(),
      volumeModel.get(),
      outcome.kind === 'ok' ? outcome.report.totalTokens : null,
      rowsAnalysis.get().coreRows.reduce((sum, r) => sum + r.tokens, 0),
    );
  },
  { isEqual: sameRecord },
);

/** The "Priced on" choices: the price table's models, the chosen one first when the table lacks it. */
const pricedOnModels = computed(
  'budget.pricedOnModels',
  (): readonly string[] => {
    const models = modelNames.get();
    const model = volumeModel.get();
    return models.includes(model) ? models : [model, ...models];
  },
  { isEqual: sameList },
);

// Set, so the browser never measures every option's text (2,000 and more
// with a full LiteLLM file) to size the select when the card is laid out again.
const PRICED_ON_WIDTH = { width: '100%', maxWidth: '22rem' } as const;

/**
 * The budget's volume line: prompts per day → every row and the admitted
 * prompt, priced as plain input on a chosen model, in USD per day and per 30
 * days (the traffic's rate is its calls: each call sends one prompt). With
 * traffic, every row is set to what the traffic's prompts cost as billed.
 */
export const BudgetVolumeLine = memo(function BudgetVolumeLine() {
  const id = useId();
  const typed = useAppStore((s) => s.budget.volumePerDay);
  const model = useAppStore((s) => s.budget.volumeModel);
  const setBudget = useAppStore((s) => s.setBudget);
  const pickModel = useCallback((volumeModel: string) => setBudget({ volumeModel }), [setBudget]);
  const rates = useTrafficFigures().rates;
  const trafficRate = rates?.callsPerDay;
  const pricedOn = useValue(pricedOnModels);
  const prompt = useValue(admittedPromptPrice);
  // The rate may come from the traffic's session store, which is outside the graph.
  const volume = resolveVolume(typed, trafficRate, DEFAULT_VOLUME_PER_DAY.prompts);
  const costs = budgetUnitCosts(prompt);
  const { rows, note, scaled } =
    costs.length === 0
      ? { rows: [], note: undefined, scaled: false }
      : partVolumeRows(volume, costs, rates === undefined ? undefined : budgetBillPart(rates));
  return (
    <section className="card">
      <VolumeLine
        label="Prompts per day"
        perDay={volume.perDay}
        source={volume.source}
        trafficRate={trafficRate !== undefined}
        onChange={(volumePerDay) => setBudget({ volumePerDay })}
        rows={rows}
        note={note}
      >
        <div className="field">
          <label htmlFor={`${id}-m`} style={{ fontWeight: 600, fontSize: '0.9rem' }}>
            Priced on
          </label>
          <ModelSelect
            id={`${id}-m`}
            value={model}
            options={pricedOn}
            onChange={pickModel}
            filterName="the models to price the prompts on"
            style={PRICED_ON_WIDTH}
            describedBy={scaled ? `${id}-m-note` : undefined}
          />
          {scaled ? (
            <p id={`${id}-m-note`} className="note">
              With your traffic, &ldquo;Every row, no budget&rdquo; is what its prompts cost as
              billed, on the models they ran on: this model sets only how much the admitted prompt
              saves against it, not the bill.
            </p>
          ) : null}
          {!prompt.priced ? (
            <p className="field-error">No price row for {model}: choose another model.</p>
          ) : null}
        </div>
      </VolumeLine>
    </section>
  );
});
