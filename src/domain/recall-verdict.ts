/**
 * The verdict of the gate's policy comparison at each recall prior: which
 * policy is cheapest and by how much it beats the next. Pure;
 * the costs come from the core's `comparePopulation` (engine `recallSweep`).
 */

/** Each policy's cost per 1,000 outputs at one recall prior. */
export interface RecallCosts {
  readonly recallProbability: number;
  readonly neverUsd: number;
  readonly sizeOnlyUsd: number;
  readonly gateUsd: number;
}

export type PolicyId = 'never' | 'sizeOnly' | 'gate';

/** The cheapest policy at one recall prior, and its lead over the next cheapest. */
export interface RecallVerdict {
  readonly recallProbability: number;
  readonly cheapest: PolicyId;
  readonly cheapestLabel: string;
  /** The next cheapest's cost minus the cheapest's, USD per 1,000 outputs (0 on a tie). */
  readonly marginUsd: number;
  /** `marginUsd` over the next cheapest's cost; null when that is 0. */
  readonly marginPct: number | null;
}

const LABEL: Readonly<Record<PolicyId, string>> = {
  never: 'never offload',
  sizeOnly: 'size-only offload',
  gate: 'the net-saving gate',
};

/** The verdict at each point; ties go to never offloading, then the gate (doing less wins a tie). */
export function recallVerdicts(points: readonly RecallCosts[]): RecallVerdict[] {
  return points.map((p) => {
    const ranked = (
      [
        ['never', p.neverUsd],
        ['gate', p.gateUsd],
        ['sizeOnly', p.sizeOnlyUsd],
      ] as [PolicyId, number][]
    ).sort((a, b) => a[1] - b[1]);
    const [best, next] = ranked as [[PolicyId, number], [PolicyId, number]];
    const marginUsd = next[1] - best[1];
    return {
      recallProbability: p.recallProbability,
      cheapest: best[0],
      cheapestLabel: LABEL[best[0]],
      marginUsd,
      marginPct: next[1] === 0 ? null : marginUsd / next[1],
    };
  });
}
