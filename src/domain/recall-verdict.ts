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

/**
 * Where a policy stops paying against never offloading, over the recall
 * prior: it pays (costs less than never offloading) while fewer than
 * `paysBelow` of the outputs are recalled. `paysBelow` is 0 when it pays at
 * no prior, 1 when it pays at every prior swept; between two swept priors it
 * is where the saving, linear between them, reaches 0. `losesAbove` says
 * whether it then costs more than never offloading (size-only does; the
 * gate, offloading less as the prior rises, may only stop saving).
 */
export interface BreakEven {
  readonly paysBelow: number;
  readonly losesAbove: boolean;
  /** The largest loss against never offloading over the swept priors, USD per 1,000 outputs (0 when none). */
  readonly worstLossUsd: number;
}

/** Below this (USD per 1,000 outputs) a difference is a tie: the sum of many products rounds. */
const TIE_USD = 1e-9;

/** The break-even recall of `policy` over `points` (sorted by recall prior, as swept). */
export function breakEvenRecall(
  points: readonly RecallCosts[],
  policy: Exclude<PolicyId, 'never'>,
): BreakEven {
  const key = policy === 'gate' ? 'gateUsd' : 'sizeOnlyUsd';
  const saving = points.map((p) => p.neverUsd - p[key]);
  const worstLossUsd = Math.max(0, ...saving.map((s) => -s));
  const losesAbove = worstLossUsd > TIE_USD;
  if (points.length === 0) return { paysBelow: 0, losesAbove: false, worstLossUsd: 0 };
  if (saving[0]! <= TIE_USD) return { paysBelow: 0, losesAbove, worstLossUsd };
  for (let i = 1; i < points.length; i++) {
    const s = saving[i]!;
    if (s <= TIE_USD) {
      const a = points[i - 1]!.recallProbability;
      const b = points[i]!.recallProbability;
      const before = saving[i - 1]!;
      return { paysBelow: a + ((b - a) * before) / (before - s), losesAbove, worstLossUsd };
    }
  }
  return { paysBelow: points[points.length - 1]!.recallProbability, losesAbove, worstLossUsd };
}

/** The recall priors a region sweeps, 0 to 1 in steps of 0.05. */
export const REGION_RECALL_STEPS: readonly number[] = Array.from({ length: 21 }, (_, i) => i / 20);
/** The recall elasticities k a region is drawn at: one p for every size (0) to steeply more recall of small outputs. */
export const REGION_ELASTICITIES: readonly number[] = [0, 0.5, 1, 2];

/** One row of a region: the policies' costs over the recall priors at one elasticity k. */
export interface RegionRowCosts {
  readonly recallElasticity: number;
  readonly points: readonly RecallCosts[];
}

/** What a region says to do, and what it saves against never offloading, USD per 1,000 outputs. */
export interface OffloadAdvice {
  /** The policy to adopt: the one that never costs more than never offloading and saves most at worst. */
  readonly policy: PolicyId;
  /** Its smallest and largest saving over the region (0 and 0 for never). */
  readonly leastSavingUsd: number;
  readonly mostSavingUsd: number;
  /** Each policy's break-even recall at each k, in the rows' order. */
  readonly byK: readonly {
    readonly recallElasticity: number;
    readonly sizeOnly: BreakEven;
    readonly gate: BreakEven;
  }[];
  /** Size-only's break-even recall at each k, when it can lose (empty when it never does). */
  readonly sizeOnlyLosesAbove: readonly { recallElasticity: number; paysBelow: number }[];
  /** Whether each offloading policy never costs more than never offloading anywhere in the region. */
  readonly sizeOnlySafe: boolean;
  readonly gateSafe: boolean;
  /** The gate's largest loss against never offloading in the region, USD per 1,000 outputs (0 when none). */
  readonly gateWorstLossUsd: number;
  /** Neither offloading policy is safe at every recall rate and k. */
  readonly noSafePolicy: boolean;
}

/** The lowest and highest recall size-only breaks even at, over the k where it can lose; null when it never does. */
export function sizeOnlyLossRange(
  advice: OffloadAdvice,
): { readonly lowest: number; readonly highest: number } | null {
  const at = advice.sizeOnlyLosesAbove.map((l) => l.paysBelow);
  return at.length === 0 ? null : { lowest: Math.min(...at), highest: Math.max(...at) };
}

/** The advice of a region over recall p × elasticity k (rows as swept). */
export function offloadAdvice(rows: readonly RegionRowCosts[]): OffloadAdvice {
  const savings = (policy: 'sizeOnly' | 'gate') => {
    const key = policy === 'gate' ? 'gateUsd' : 'sizeOnlyUsd';
    const all = rows.flatMap((r) => r.points.map((p) => p.neverUsd - p[key]));
    return { least: Math.min(...all), most: Math.max(...all) };
  };
  const byK = rows.map((r) => ({
    recallElasticity: r.recallElasticity,
    sizeOnly: breakEvenRecall(r.points, 'sizeOnly'),
    gate: breakEvenRecall(r.points, 'gate'),
  }));
  const sizeOnlySafe = rows.length > 0 && byK.every((b) => !b.sizeOnly.losesAbove);
  const gateSafe = rows.length > 0 && byK.every((b) => !b.gate.losesAbove);
  const common = {
    byK,
    sizeOnlyLosesAbove: byK
      .filter((b) => b.sizeOnly.losesAbove)
      .map((b) => ({ recallElasticity: b.recallElasticity, paysBelow: b.sizeOnly.paysBelow })),
    sizeOnlySafe,
    gateSafe,
    gateWorstLossUsd: Math.max(0, ...byK.map((b) => b.gate.worstLossUsd)),
    noSafePolicy: !sizeOnlySafe && !gateSafe,
  };
  const candidates = (
    [
      ['sizeOnly', sizeOnlySafe],
      ['gate', gateSafe],
    ] as const
  )
    .filter(([, safe]) => safe)
    .map(([policy]) => ({ policy, ...savings(policy) }))
    .filter((c) => c.most > TIE_USD)
    // The larger saving at worst first; on a tie the gate, which offloads less.
    .sort((a, b) => b.least - a.least || (a.policy === 'gate' ? -1 : 1));
  const best = candidates[0];
  if (best === undefined) {
    return { policy: 'never', leastSavingUsd: 0, mostSavingUsd: 0, ...common };
  }
  return {
    policy: best.policy,
    leastSavingUsd: Math.max(0, best.least),
    mostSavingUsd: best.most,
    ...common,
  };
}
