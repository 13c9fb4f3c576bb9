/**
 * The net-saving offload gate (seed 000, `evaluate_offload_gate`; SPEC §2):
 * offload a large tool output only when the re-prefill it saves beats the
 * stub carried in its place plus the expected recall hop.
 */
import { InvalidInputError, requireFinite, requireTokenCount } from './errors.ts';
import { perToken, priceRowFor, type PricingTable } from './pricing.ts';
import { formatFixed, pyRepr } from './pyformat.ts';

/** The explorer's defaults; the seed does not publish its own. */
export const GATE_DEFAULTS = Object.freeze({
  largeOffloadThresholdTokens: 10_000,
  stubTokens: 150,
  recallInputTokens: 2_000,
  recallOutputTokens: 300,
});

/** Inputs to the gate. Token counts are tokens; `horizon` is turns. */
export interface OffloadGateInputs {
  /** Size of the tool output, tokens (characters / 4; may be fractional). */
  readonly outputTokens: number;
  /** Remaining turns the output would be carried (truncated, floored at 0). */
  readonly horizon: number;
  /** Probability the offloaded output is recalled (clamped to [0, 1]). */
  readonly recallProbability: number;
  /** Model whose pricing row prices every term. */
  readonly modelName: string;
  /** Below this size the gate never fires, tokens (whole). Default 10,000. */
  readonly largeOffloadThresholdTokens?: number;
  /** Size of the stub left in the conversation, tokens (whole). Default 150. */
  readonly stubTokens?: number;
  /** Input tokens of the recall hop (whole). Default 2,000. */
  readonly recallInputTokens?: number;
  /** Output tokens of the recall hop (whole). Default 300. */
  readonly recallOutputTokens?: number;
}

/** The gate's verdict and the priced terms behind it, USD. */
export interface OffloadGateDecision {
  readonly fire: boolean;
  readonly netSavingUsd: number;
  readonly reprefillSavingUsd: number;
  readonly stubCarryCostUsd: number;
  readonly expectedRecallHopCostUsd: number;
  readonly reason: string;
}

/** Gate inputs with every default applied and every field checked. */
export interface ResolvedGateInputs {
  readonly outputTokens: number;
  readonly horizon: number;
  readonly recallProbability: number;
  readonly modelName: string;
  readonly largeOffloadThresholdTokens: number;
  readonly stubTokens: number;
  readonly recallInputTokens: number;
  readonly recallOutputTokens: number;
}

/**
 * Applies the defaults and rejects what the gate cannot price (NaN,
 * infinities, whole-token fields that are fractional, negative or beyond
 * 2⁵³ − 1, a horizon above 2⁵³ − 1), naming the field. The gate is total over
 * finite sizes, as the seed's function is (SPEC §9): a negative size is simply
 * below the threshold. Horizon and recall probability are not rejected for
 * being low or out of [0, 1]: the gate clamps them, as the seed does.
 */
export function resolveGateInputs(inputs: OffloadGateInputs): ResolvedGateInputs {
  return resolveGateInputsInto(inputs, emptyInputs());
}

type MutableGateInputs = { -readonly [K in keyof ResolvedGateInputs]: ResolvedGateInputs[K] };

function emptyInputs(): MutableGateInputs {
  return {
    outputTokens: 0,
    horizon: 0,
    recallProbability: 0,
    modelName: '',
    largeOffloadThresholdTokens: 0,
    stubTokens: 0,
    recallInputTokens: 0,
    recallOutputTokens: 0,
  };
}

/** {@link resolveGateInputs} writing into `out`, so the hot path allocates nothing. */
function resolveGateInputsInto(
  inputs: OffloadGateInputs,
  out: MutableGateInputs,
): ResolvedGateInputs {
  if (typeof inputs.modelName !== 'string') {
    throw new InvalidInputError('modelName', 'must be text');
  }
  out.outputTokens = requireFinite('outputTokens', inputs.outputTokens);
  out.horizon = requireFinite('horizon', inputs.horizon);
  if (out.horizon > Number.MAX_SAFE_INTEGER) {
    throw new InvalidInputError(
      'horizon',
      `must be at most ${Number.MAX_SAFE_INTEGER} turns (got ${out.horizon})`,
    );
  }
  out.recallProbability = requireFinite('recallProbability', inputs.recallProbability);
  out.modelName = inputs.modelName;
  out.largeOffloadThresholdTokens = requireTokenCount(
    'largeOffloadThresholdTokens',
    inputs.largeOffloadThresholdTokens ?? GATE_DEFAULTS.largeOffloadThresholdTokens,
  );
  out.stubTokens = requireTokenCount('stubTokens', inputs.stubTokens ?? GATE_DEFAULTS.stubTokens);
  out.recallInputTokens = requireTokenCount(
    'recallInputTokens',
    inputs.recallInputTokens ?? GATE_DEFAULTS.recallInputTokens,
  );
  out.recallOutputTokens = requireTokenCount(
    'recallOutputTokens',
    inputs.recallOutputTokens ?? GATE_DEFAULTS.recallOutputTokens,
  );
  return out;
}

/** Why the gate's terms are what they are: the three ways a decision can go. */
export type GateOutcome = 'belowThreshold' | 'unpriced' | 'priced';

/** The priced terms without the reason string: the fast path for curves. */
export interface GateTerms {
  outcome: GateOutcome;
  fire: boolean;
  netSavingUsd: number;
  reprefillSavingUsd: number;
  stubCarryCostUsd: number;
  expectedRecallHopCostUsd: number;
  /** Horizon as the gate uses it: `max(0, trunc(horizon))`, turns. */
  horizonTurns: number;
  /** Recall probability as the gate uses it, clamped to [0, 1]. */
  recallProbability: number;
}

/** Horizon as the seed uses it: `max(0, int(horizon))`. */
export function effectiveHorizon(horizon: number): number {
  return Math.max(0, Math.trunc(horizon));
}

/** Recall probability as the seed uses it: clamped to [0, 1]. */
export function clampProbability(p: number): number {
  return Math.max(0, Math.min(1, p));
}

/**
 * The gate's priced terms for already-resolved inputs, without building the
 * reason string or validating: for curves of thousands of points. Writes into
 * `out` when given, so a sweep allocates nothing per point.
 */
export function gateTerms(
  inputs: ResolvedGateInputs,
  pricing: PricingTable,
  out: GateTerms = emptyTerms(),
): GateTerms {
  out.horizonTurns = effectiveHorizon(inputs.horizon);
  out.recallProbability = clampProbability(inputs.recallProbability);
  if (inputs.outputTokens < inputs.largeOffloadThresholdTokens) {
    return zeroTerms(out, 'belowThreshold');
  }
  const row = priceRowFor(pricing, inputs.modelName);
  if (row === undefined) return zeroTerms(out, 'unpriced');
  const inRate = perToken(row.input);
  const outRate = perToken(row.output);
  const h = out.horizonTurns;
  const reprefill = inputs.outputTokens * inRate * h;
  const stub = inputs.stubTokens * inRate * h;
  const recall =
    out.recallProbability *
    (inputs.recallInputTokens * inRate + inputs.recallOutputTokens * outRate);
  const net = reprefill - (stub + recall);
  out.outcome = 'priced';
  out.fire = net > 0;
  out.netSavingUsd = net;
  out.reprefillSavingUsd = reprefill;
  out.stubCarryCostUsd = stub;
  out.expectedRecallHopCostUsd = recall;
  return out;
}

function emptyTerms(): GateTerms {
  return {
    outcome: 'belowThreshold',
    fire: false,
    netSavingUsd: 0,
    reprefillSavingUsd: 0,
    stubCarryCostUsd: 0,
    expectedRecallHopCostUsd: 0,
    horizonTurns: 0,
    recallProbability: 0,
  };
}

function zeroTerms(out: GateTerms, outcome: GateOutcome): GateTerms {
  out.outcome = outcome;
  out.fire = false;
  out.netSavingUsd = 0;
  out.reprefillSavingUsd = 0;
  out.stubCarryCostUsd = 0;
  out.expectedRecallHopCostUsd = 0;
  return out;
}

const SCRATCH_TERMS: GateTerms = emptyTerms();
const SCRATCH_INPUTS: MutableGateInputs = emptyInputs();

/**
 * Decides whether a large tool output should be offloaded (seed 000,
 * `evaluate_offload_gate`). Pure. Terms are USD; the reason string is
 * byte-identical to the framework's.
 *
 * @throws InvalidInputError naming the field when an input cannot be priced
 */
export function evaluateOffloadGate(
  inputs: OffloadGateInputs,
  pricing: PricingTable,
): OffloadGateDecision {
  // Inputs and terms are only read during this call (the reason string copies
  // what it needs), so one scratch object of each serves every call: the core
  // is synchronous and never re-entered mid-call.
  const resolved = resolveGateInputsInto(inputs, SCRATCH_INPUTS);
  const t = gateTerms(resolved, pricing, SCRATCH_TERMS);
  return {
    fire: t.fire,
    netSavingUsd: t.netSavingUsd,
    reprefillSavingUsd: t.reprefillSavingUsd,
    stubCarryCostUsd: t.stubCarryCostUsd,
    expectedRecallHopCostUsd: t.expectedRecallHopCostUsd,
    reason: gateReason(resolved, t),
  };
}

/** The reason string for terms computed by {@link gateTerms}. */
export function gateReason(inputs: ResolvedGateInputs, t: GateTerms): string {
  switch (t.outcome) {
    case 'belowThreshold':
      return `below large_offload_threshold (${formatFixed(inputs.outputTokens, 0)} < ${formatInteger(inputs.largeOffloadThresholdTokens)} tokens)`;
    case 'unpriced':
      return `no MODEL_PRICING row for ${pyRepr(inputs.modelName)}`;
    case 'priced':
      return (
        `net=$${formatFixed(t.netSavingUsd, 4)} ` +
        `(saving=$${formatFixed(t.reprefillSavingUsd, 4)} ` +
        `\u2212 stub=$${formatFixed(t.stubCarryCostUsd, 4)} ` +
        `\u2212 recall=$${formatFixed(t.expectedRecallHopCostUsd, 4)}); ` +
        `H=${formatInteger(t.horizonTurns)} p_recall=${formatFixed(t.recallProbability, 2)} model=${inputs.modelName}`
      );
  }
}

// Python prints an int with all its digits; String(n) switches to exponent
// form from 1e21 and rounds integers past 2^53 to their shortest form.
function formatInteger(n: number): string {
  return Number.isSafeInteger(n) ? String(n) : formatFixed(n, 0);
}
