import { memo, useId } from 'react';
import { perToken, priceRowFor } from '../../core/index.ts';
import { DEFAULT_VOLUME_PER_DAY, resolveVolume, volumeRows } from '../../domain/volume.ts';
import { useModelNames, usePricing } from '../../state/selectors.ts';
import { useAppStore } from '../../state/store.ts';
import { useTrafficFigures } from '../../state/traffic-figures.ts';
import { formatTokens } from '../../ui/format.ts';
import { VolumeLine } from '../../ui/VolumeLine.tsx';
import type { BudgetOutcome } from './evaluate.ts';

/**
 * The budget's volume line: prompts per day → the admitted prompt, priced as
 * plain input on a chosen model, in USD per day and per 30 days (the traffic's
 * rate is its calls: each call sends one prompt).
 */
export const BudgetVolumeLine = memo(function BudgetVolumeLine({
  outcome,
}: {
  outcome: BudgetOutcome;
}) {
  const id = useId();
  const typed = useAppStore((s) => s.budget.volumePerDay);
  const model = useAppStore((s) => s.budget.volumeModel);
  const setBudget = useAppStore((s) => s.setBudget);
  const trafficRate = useTrafficFigures((s) => s.rates?.callsPerDay);
  const pricing = usePricing();
  const models = useModelNames();
  const volume = resolveVolume(typed, trafficRate, DEFAULT_VOLUME_PER_DAY.prompts);
  const row = priceRowFor(pricing, model);
  const tokens = outcome.kind === 'ok' ? outcome.report.totalTokens : null;
  const rows =
    row === undefined || tokens === null
      ? []
      : volumeRows(volume, [
          [
            `The admitted prompt (${formatTokens(tokens)} tokens, uncached input)`,
            tokens * perToken(row.input),
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
          <select
            id={`${id}-m`}
            value={model}
            onChange={(e) => setBudget({ volumeModel: e.target.value })}
          >
            {(models.includes(model) ? models : [model, ...models]).map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
          {row === undefined ? (
            <p className="field-error">No price row for {model}: choose another model.</p>
          ) : null}
        </div>
      </VolumeLine>
    </section>
  );
});
