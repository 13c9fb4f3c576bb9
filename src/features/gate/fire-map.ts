/**
 * The fire map's data: where the gate fires over output size (or horizon)
 * × recall probability, each cell priced by the core's `gateTerms` fast
 * path, on axis ranges chosen from the break-even so that the map opens
 * with the boundary between firing and not in view. Also the map's regions
 * in words (its text equivalent).
 */
import {
  breakEven,
  firingSize,
  gateTerms,
  type GateTerms,
  type PricingTable,
  type ResolvedGateInputs,
} from '../../core/index.ts';
import { formatPercent, formatTokens, formatUsd } from '../../ui/format.ts';

/** What the gate does in a cell: offloads, keeps inline on the price, or keeps without pricing. */
export type FireCell = 'fire' | 'loses' | 'notPriced';

/** Which input the columns sweep. */
export type FireMapAxis = 'size' | 'horizon';

export interface FireMap {
  readonly axis: FireMapAxis;
  /** Column values: output sizes (tokens, log-spaced) or horizons (whole turns). */
  readonly xs: readonly number[];
  /** The size range of the columns (log axis) or 0…the last horizon. */
  readonly domain: readonly [number, number];
  readonly probabilities: readonly number[];
  /** net[pIndex][xIndex], USD. */
  readonly net: readonly (readonly number[])[];
  readonly cells: readonly (readonly FireCell[])[];
}

const SIZE_COLUMNS = 60;
const PROBABILITY_ROWS = 21;
const MAX_SIZE = 1e9;

/** The decade at or below / at or above a positive value. */
const decadeBelow = (v: number) => 10 ** Math.floor(Math.log10(v));
const decadeAbove = (v: number) => 10 ** Math.ceil(Math.log10(v));

/**
 * The size axis: from a decade below the smallest firing size (recall never
 * happens) to a decade above the largest (recall always happens), widened
 * to hold the current output. Whole decades, so it moves only when the
 * boundary or the output crosses one.
 */
export function fireMapSizeDomain(
  inputs: ResolvedGateInputs,
  pricing: PricingTable,
): [number, number] {
  const low = firingSize({ ...inputs, recallProbability: 0 }, pricing);
  const high = firingSize({ ...inputs, recallProbability: 1 }, pricing);
  const fallback = Math.max(100, inputs.largeOffloadThresholdTokens);
  const from = Math.max(1, low ?? fallback);
  const to = Math.max(from, high ?? fallback);
  let min = decadeBelow(from) / 10;
  let max = Math.min(MAX_SIZE, decadeAbove(to) * 10);
  if (max <= min * 10) max = min * 100;
  const size = inputs.outputTokens;
  if (size >= 1 && size < min) min = decadeBelow(size);
  if (size > max) max = Math.min(MAX_SIZE, decadeAbove(size));
  return [Math.max(1, min), Math.max(max, min * 10)];
}

/** The horizon axis: 0 up to three times the break-even horizon at p = 1, at least 20 turns. */
export function fireMapMaxHorizon(inputs: ResolvedGateInputs, pricing: PricingTable): number {
  const hStar = breakEven({ ...inputs, recallProbability: 1 }, pricing).horizonTurns;
  const h = Math.max(0, Math.trunc(inputs.horizon));
  const wanted = Math.max(20, h + 2, hStar === null ? 0 : Math.ceil(3 * hStar));
  return Math.min(100, wanted);
}

/** Log-spaced sizes across a domain, both ends included. */
function logColumns([min, max]: readonly [number, number], count: number): number[] {
  const lo = Math.log10(min);
  const hi = Math.log10(max);
  return Array.from({ length: count }, (_, i) => 10 ** (lo + ((hi - lo) * i) / (count - 1)));
}

function cellOf(out: GateTerms): FireCell {
  if (out.outcome !== 'priced' || out.horizonTurns === 0) return 'notPriced';
  return out.fire ? 'fire' : 'loses';
}

/** The range of the chosen axis: sizes from the break-even, or 0 to the last horizon drawn. */
export function fireMapDomain(
  inputs: ResolvedGateInputs,
  pricing: PricingTable,
  axis: FireMapAxis,
): [number, number] {
  return axis === 'size'
    ? fireMapSizeDomain(inputs, pricing)
    : [0, fireMapMaxHorizon(inputs, pricing)];
}

/** Where the gate fires over the chosen axis × recall probability, for the other inputs as given. */
export function fireMap(
  inputs: ResolvedGateInputs,
  pricing: PricingTable,
  axis: FireMapAxis,
): FireMap {
  return fireMapOver(inputs, pricing, axis, fireMapDomain(inputs, pricing, axis));
}

/**
 * The map on a given `domain` of the axis. The cells read neither the
 * recall probability nor the input the columns sweep (each cell sets both),
 * so inputs differing only there give the same map.
 */
export function fireMapOver(
  inputs: ResolvedGateInputs,
  pricing: PricingTable,
  axis: FireMapAxis,
  domain: readonly [number, number],
): FireMap {
  const xs =
    axis === 'size'
      ? logColumns(domain, SIZE_COLUMNS)
      : Array.from({ length: domain[1] + 1 }, (_, h) => h);
  const probabilities = Array.from(
    { length: PROBABILITY_ROWS },
    (_, i) => i / (PROBABILITY_ROWS - 1),
  );
  const probe = { ...inputs };
  const out: GateTerms = gateTerms(probe, pricing);
  const net: number[][] = [];
  const cells: FireCell[][] = [];
  for (const p of probabilities) {
    const netRow: number[] = [];
    const cellRow: FireCell[] = [];
    probe.recallProbability = p;
    for (const x of xs) {
      if (axis === 'size') probe.outputTokens = x;
      else probe.horizon = x;
      gateTerms(probe, pricing, out);
      netRow.push(out.netSavingUsd);
      cellRow.push(cellOf(out));
    }
    net.push(netRow);
    cells.push(cellRow);
  }
  return { axis, xs, domain, probabilities, net, cells };
}

/** How many cells of each kind the map has. */
export function fireMapCounts(map: FireMap): Record<FireCell, number> {
  const counts: Record<FireCell, number> = { fire: 0, loses: 0, notPriced: 0 };
  for (const row of map.cells) for (const c of row) counts[c] += 1;
  return counts;
}

const turns = (n: number) => `${formatTokens(n)} turn${n === 1 ? '' : 's'}`;

/** The smallest horizon (whole turns) at which the gate fires, or null. */
function firingHorizon(inputs: ResolvedGateInputs, pricing: PricingTable): number | null {
  if (inputs.outputTokens < inputs.largeOffloadThresholdTokens) return null;
  const hStar = breakEven(inputs, pricing).horizonTurns;
  if (hStar === null) return null;
  return Math.max(1, Math.floor(hStar) + 1);
}

/**
 * The map's regions in words, one sentence each: what is not priced, where
 * offloading would lose money and where the gate fires, at both ends of the
 * recall probability, plus the range drawn. Computed from the break-even
 * (exact), not read off the grid.
 */
export function fireMapRegions(
  map: FireMap,
  inputs: ResolvedGateInputs,
  pricing: PricingTable,
): string[] {
  const threshold = inputs.largeOffloadThresholdTokens;
  const h = Math.max(0, Math.trunc(inputs.horizon));
  const fires = firingSize({ ...inputs, recallProbability: 0 }, pricing) !== null;
  const lines: string[] = [];
  if (!Object.prototype.hasOwnProperty.call(pricing, inputs.modelName)) {
    return [
      `No price row for ${inputs.modelName}: the gate cannot prove a saving and never offloads.`,
    ];
  }
  if (map.axis === 'size') {
    const [min, max] = map.domain;
    lines.push(
      `Drawn: output sizes ${formatTokens(min)}–${formatTokens(max)} tokens (log scale) at a horizon of ${turns(h)}, recall probability 0–1.`,
    );
    if (h === 0 || !fires) {
      lines.push(
        h === 0
          ? 'Not priced anywhere: with a horizon of 0 turns nothing is carried, so the gate never offloads.'
          : 'Offloading never pays with these prices.',
      );
      return lines;
    }
    if (threshold > min)
      lines.push(
        `Not priced (hatched): below the ${formatTokens(threshold)}-token threshold the output stays inline without pricing.`,
      );
    const at = (p: number) =>
      breakEven({ ...inputs, recallProbability: p }, pricing).sizeTokens ?? 0;
    const t0 = at(0);
    const t1 = at(1);
    lines.push(
      t1 >= threshold
        ? `Would lose money: ${threshold > min ? 'from the threshold ' : ''}up to the break-even size T*, ${formatTokens(t1)} tokens when recall always happens${t0 >= threshold ? ` and ${formatTokens(t0)} when it never does` : ''}.`
        : `Would lose money: nowhere; the break-even size T* stays at or below ${formatTokens(t1)} tokens, under the threshold, at every recall probability.`,
    );
    const from = (t: number) =>
      t >= threshold ? `above ${formatTokens(t)} tokens` : `from ${formatTokens(threshold)} tokens`;
    lines.push(
      t1 >= threshold || t0 >= threshold
        ? `Offload: ${from(t0)} when recall never happens and ${from(t1)} when it always does.`
        : `Offload: ${from(t1)} at every recall probability.`,
    );
  } else {
    const [, last] = map.domain;
    lines.push(
      `Drawn: horizons 0–${formatTokens(last)} turns at ${formatTokens(inputs.outputTokens)} tokens, recall probability 0–1.`,
    );
    if (inputs.outputTokens < threshold) {
      lines.push(
        `Not priced anywhere: ${formatTokens(inputs.outputTokens)} tokens is below the ${formatTokens(threshold)}-token threshold, so the gate never offloads at any horizon.`,
      );
      return lines;
    }
    lines.push('Not priced (hatched): a horizon of 0 turns carries nothing, so nothing is saved.');
    const h0 = firingHorizon({ ...inputs, recallProbability: 0 }, pricing);
    const h1 = firingHorizon({ ...inputs, recallProbability: 1 }, pricing);
    if (h1 === null || h1 > 1)
      lines.push(
        h1 === null
          ? 'Would lose money: at every horizon when recall is likely; the output is no larger than its stub.'
          : `Would lose money: below ${turns(h1)} of horizon when recall always happens${h0 !== null && h0 > 1 ? `, below ${turns(h0)} when it never does` : ''}.`,
      );
    else lines.push('Would lose money: at no horizon of 1 turn or more.');
    lines.push(
      `Offload: from ${h0 === null ? 'no horizon' : turns(h0)} when recall never happens and from ${h1 === null ? 'no horizon shown' : turns(h1)} when it always does.`,
    );
  }
  const current = gateTerms(inputs, pricing);
  lines.push(
    `Your inputs (ringed; recall ${formatPercent(Math.min(1, Math.max(0, inputs.recallProbability)))}): ${
      current.fire
        ? `offload, net saving ${formatUsd(current.netSavingUsd)}`
        : cellOf(current) === 'notPriced'
          ? 'keep inline, not priced'
          : `keep inline, offloading would lose ${formatUsd(-current.netSavingUsd)}`
    }.`,
  );
  return lines;
}
