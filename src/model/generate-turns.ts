/**
 * Building conversations for the routing lab: "N turns like this one" with a
 * seeded spread, relabelling turns as complex by a seeded order, and setting
 * every idle gap at once. Pure; the numbers are then priced by the core.
 */
import type { SimHop, SimTurn } from '../core/index.ts';
import { mulberry32, seededOrder, type Random } from './prng.ts';

/** How to generate turns like a template turn. */
export interface GenerateOptions {
  readonly turnCount: number;
  /** Each number strays uniformly by up to ± this percentage of the template's. */
  readonly spreadPct: number;
  readonly seed: number;
  /** Share of turns labelled complex, percent (exactly `round(share × N)` turns). */
  readonly complexSharePct: number;
}

/** Most hops the scenario schema accepts in one turn. */
export const MAX_HOPS_PER_TURN = 100;
/** Most turns the scenario schema accepts. */
export const MAX_TURNS = 2_000;

function spreader(random: Random, spreadPct: number): (value: number) => number {
  const spread = Math.min(0.95, Math.max(0, spreadPct / 100));
  return (value) => value * (1 + spread * (2 * random() - 1));
}

const wholeTokens = (value: number): number => Math.max(0, Math.round(value));
const tenthsOfSecond = (value: number): number => Math.max(0, Math.round(value * 10) / 10);

function spreadHop(template: SimHop, vary: (value: number) => number): SimHop {
  return {
    outputTokens: wholeTokens(vary(template.outputTokens)),
    thinkingTokens: wholeTokens(vary(template.thinkingTokens)),
    toolResultTokens: wholeTokens(vary(template.toolResultTokens)),
    latencySeconds: tenthsOfSecond(vary(template.latencySeconds)),
    forcedTool: template.forcedTool ?? null,
  };
}

/**
 * The template's hops with the tool loop stretched or shrunk: the first and
 * last hops are kept, the hops between them (the loop body) are repeated or
 * cut to a seeded length. A template of one or two hops keeps its length.
 */
function loopHops(template: readonly SimHop[], vary: (value: number) => number): SimHop[] {
  if (template.length <= 2) return template.map((h) => spreadHop(h, vary));
  const first = template[0] as SimHop;
  const last = template[template.length - 1] as SimHop;
  const body = template.slice(1, -1);
  const bodyLength = Math.min(MAX_HOPS_PER_TURN - 2, Math.max(1, Math.round(vary(body.length))));
  const hops = [spreadHop(first, vary)];
  for (let i = 0; i < bodyLength; i++) hops.push(spreadHop(body[i % body.length] as SimHop, vary));
  hops.push(spreadHop(last, vary));
  return hops;
}

/**
 * `turnCount` turns like `template`: every gap, token count and latency
 * spread by a seeded uniform factor, the tool loop stretched or shrunk, the
 * first turn's gap 0 (the conversation starts there), and exactly
 * `round(complexSharePct% × turnCount)` turns labelled complex. The same
 * options always give the same turns.
 */
export function generateTurns(template: SimTurn, options: GenerateOptions): SimTurn[] {
  const count = Math.max(1, Math.min(MAX_TURNS, Math.round(options.turnCount)));
  const random = mulberry32(options.seed);
  const vary = spreader(random, options.spreadPct);
  const turns: SimTurn[] = [];
  for (let i = 0; i < count; i++) {
    turns.push({
      gapSeconds: i === 0 ? 0 : tenthsOfSecond(vary(template.gapSeconds)),
      userTokens: wholeTokens(vary(template.userTokens)),
      complexity: 'simple',
      toolNames: template.toolNames == null ? null : [...template.toolNames],
      hops: loopHops(template.hops, vary),
    });
  }
  return relabelComplexity(turns, options.complexSharePct / 100, options.seed);
}

/**
 * The same turns with exactly `round(share × N)` of them complex: the first
 * ones in a seeded order of the turns, so raising the share only ever adds
 * complex turns (the complex-share sweep relies on that).
 */
export function relabelComplexity(
  turns: readonly SimTurn[],
  share: number,
  seed: number,
): SimTurn[] {
  const complexCount = Math.round(Math.min(1, Math.max(0, share)) * turns.length);
  const complex = new Set(seededOrder(turns.length, seed).slice(0, complexCount));
  return turns.map((turn, i) => {
    const complexity = complex.has(i) ? 'complex' : 'simple';
    return turn.complexity === complexity ? turn : { ...turn, complexity };
  });
}

/** Every turn's idle gap set to `gapSeconds`, except the first turn's (the start). */
export function withIdleGap(turns: readonly SimTurn[], gapSeconds: number): SimTurn[] {
  return turns.map((turn, i) =>
    i === 0 || turn.gapSeconds === gapSeconds ? turn : { ...turn, gapSeconds },
  );
}

/**
 * The idle gap the "Idle gap between turns" control shows: the median gap of
 * the turns after the first (0 for a single turn).
 */
export function typicalIdleGap(turns: readonly SimTurn[]): number {
  const gaps = turns
    .slice(1)
    .map((t) => t.gapSeconds)
    .sort((a, b) => a - b);
  if (gaps.length === 0) return 0;
  return gaps[Math.floor((gaps.length - 1) / 2)] as number;
}

/** Share of turns labelled complex, 0–1 (0 for no turns). */
export function complexShare(turns: readonly SimTurn[]): number {
  if (turns.length === 0) return 0;
  return turns.filter((t) => t.complexity === 'complex').length / turns.length;
}

/**
 * Whether two conversations differ at most in the idle gaps after the first
 * turn (what `withIdleGap` changes): then every idle-gap sweep point is the
 * same for both, and a sweep computed for one serves the other.
 */
export function sameExceptIdleGaps(a: readonly SimTurn[], b: readonly SimTurn[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as SimTurn;
    const y = b[i] as SimTurn;
    if (x === y) continue;
    if (
      i === 0 ||
      x.userTokens !== y.userTokens ||
      x.complexity !== y.complexity ||
      x.toolNames !== y.toolNames ||
      x.hops !== y.hops
    )
      return false;
  }
  return true;
}
