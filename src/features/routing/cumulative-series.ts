/**
 * The cumulative-cost chart's lines as data: the strategy, then a baseline
 * per priced model, each coloured by what it is (the default model's
 * baseline, the cheapest, the others faintly), as a pure function of the
 * runs, so it can be derived outside render.
 */
import type { LineSeries } from '../../ui/charts/LineChart.tsx';
import { PALETTE } from '../../ui/charts/palette.ts';
import type { BaselineRow, RunSummary } from '../../domain/routing-runs.ts';

/** A line of the chart with the name its tooltip and table give it. */
export interface NamedSeries extends LineSeries {
  readonly name: string;
  /** One cumulative cost per sampled hop. */
  readonly values: readonly number[];
  /** Drawing order: higher layers are drawn later, on top. */
  readonly layer: number;
}

export type PricedBaseline = { readonly model: string; readonly run: RunSummary };

/** The baselines priced so far (the others are still being computed, or failed). */
export function pricedBaselines(results: readonly (BaselineRow | undefined)[]): PricedBaseline[] {
  return results.flatMap((row): PricedBaseline[] =>
    row !== undefined && row.ok ? [{ model: row.model, run: row.run }] : [],
  );
}

/** The cheapest priced baseline, or null. */
export function cheapestBaseline(ready: readonly PricedBaseline[]): PricedBaseline | null {
  return ready.reduce<PricedBaseline | null>(
    (best, b) => (best === null || b.run.totals.totalUsd < best.run.totals.totalUsd ? b : best),
    null,
  );
}

/**
 * The lines in table order: the strategy first, then one baseline per
 * priced model. `hops` are the x of every value (1-based hop numbers).
 */
export function cumulativeSeries(
  hops: readonly number[],
  strategy: RunSummary,
  ready: readonly PricedBaseline[],
  defaultModel: string,
  cheapestModel: string | null,
): NamedSeries[] {
  const points = (values: readonly number[]) => hops.map((x, i) => ({ x, y: values[i] }));
  return [
    {
      id: 'strategy',
      name: 'Strategy',
      values: strategy.cumulativeUsd,
      points: points(strategy.cumulativeUsd),
      color: PALETTE.result,
      width: 3,
      layer: 3,
    },
    ...ready.map((b) => {
      const role =
        b.model === defaultModel ? 'default' : b.model === cheapestModel ? 'cheapest' : 'other';
      return {
        id: `b:${b.model}`,
        name: `Every hop on ${b.model}`,
        values: b.run.cumulativeUsd,
        points: points(b.run.cumulativeUsd),
        color:
          role === 'default'
            ? PALETTE.baseline
            : role === 'cheapest'
              ? PALETTE.best
              : PALETTE.other,
        width: role === 'other' ? 1 : 2,
        layer: role === 'other' ? 0 : role === 'cheapest' ? 1 : 2,
        ...(role === 'default' ? {} : { dash: '4 3' }),
      };
    }),
  ];
}
