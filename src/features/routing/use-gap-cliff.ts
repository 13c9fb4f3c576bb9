/**
 * The TTL cliff, located to the second. The idle-gap sweep samples 30 gaps
 * (about 23 s apart at a 5-minute TTL); once it is in, the gaps between the
 * last sample on one side of the first change of sign and the first on the
 * other are priced by the engine too, round after round (whole seconds, at
 * most 24 a round), until the two sides are a second apart. Each round is
 * the engine's ordinary idle-gap sweep over fewer gaps: the core decides,
 * nothing is interpolated.
 */
import { useEffect, useMemo, useState } from 'react';
import { sameList, samePoint } from '../../domain/equality.ts';
import type { ProgressiveResults, SweepPoint } from '../../domain/routing-runs.ts';
import type { GapSweepRequest } from '../../engine/api.ts';
import { useEngineQuery } from '../../engine/use-engine-query.ts';
import { useValue } from '../../state/derive.ts';
import { gapSweepRequest } from './derived.ts';
import {
  firstCrossing,
  narrowCrossing,
  refineValues,
  rowsOf,
  samplesOf,
  type Crossing,
  type Sample,
} from './sweep-series.ts';

const samePoints = (a: readonly SweepPoint[], b: readonly SweepPoint[]) =>
  sameList(a, b, samePoint);

/** The cliff as far as it is known, with the samples the sentence is about. */
export interface GapCliff {
  /** The coarse sweep's priced samples. */
  readonly samples: readonly Sample[];
  /** The first change of sign, narrowed as far as the rounds so far went (null: none). */
  readonly crossing: Crossing | null;
  /** The coarse bracket that was refined (null: not refined yet, or nothing to refine). */
  readonly refinedBetween: { readonly lo: number; readonly hi: number } | null;
  /** Whether a round is still to come. */
  readonly refining: boolean;
}

interface Narrowed {
  readonly coarse: Crossing;
  readonly request: GapSweepRequest;
  readonly crossing: Crossing;
}

/** The cliff of the idle-gap sweep `sweep` over `xs`, refined by the engine. */
export function useGapCliff(
  xs: readonly number[],
  sweep: ProgressiveResults<SweepPoint>,
): GapCliff {
  const base = useValue(gapSweepRequest);
  const samples = useMemo(() => samplesOf(rowsOf(xs, sweep)), [xs, sweep]);
  const coarse = useMemo(() => (sweep.done ? firstCrossing(samples) : null), [sweep, samples]);
  const [narrowed, setNarrowed] = useState<Narrowed | null>(null);
  // A narrowing holds only for the sweep and the scenario it was made for.
  const crossing =
    narrowed !== null && narrowed.coarse === coarse && narrowed.request === base
      ? narrowed.crossing
      : coarse;
  const request = useMemo((): GapSweepRequest | null => {
    if (crossing === null) return null;
    const gapValues = refineValues(crossing.before.x, crossing.after.x);
    return gapValues.length === 0 ? null : { ...base, gapValues };
  }, [crossing, base]);
  const answer = useEngineQuery('sweeps', 'gapSweep', request, { isEqual: samePoints });

  useEffect(() => {
    if (request === null || crossing === null || coarse === null) return;
    if (answer.updating || answer.value === undefined) return;
    const between = samplesOf(
      answer.value.map((p) => ({
        x: p.x,
        ...(p.strategyUsd === null ? {} : { strategyUsd: p.strategyUsd }),
        ...(p.baselineUsd === null ? {} : { baselineUsd: p.baselineUsd }),
      })),
    );
    const next = narrowCrossing(crossing, between);
    // Unpriced gaps leave the bracket as it is (and ask no more).
    if (next === null || (next.before.x === crossing.before.x && next.after.x === crossing.after.x))
      return;
    setNarrowed({ coarse, request: base, crossing: next });
  }, [answer, request, crossing, coarse, base]);

  const refined = crossing !== null && coarse !== null && crossing !== coarse;
  const lo = coarse?.before.x;
  const hi = coarse?.after.x;
  const refining = request !== null;
  return useMemo(
    () => ({
      samples,
      crossing,
      refinedBetween:
        lo !== undefined && hi !== undefined && (refined || refining) ? { lo, hi } : null,
      refining,
    }),
    [samples, crossing, lo, hi, refined, refining],
  );
}
