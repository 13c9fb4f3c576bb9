/**
 * Runs golden-vector cases (SPEC §7) through the core and compares results.
 * Shared by the conformance command and the test suite.
 */
import {
  BudgetExceededError,
  InvalidInputError,
  admitWithinBudget,
  buildDispatchContext,
  estimateTokens,
  evaluateOffloadGate,
  resolve,
  simulateRouting,
  turnHopIndex,
  type BudgetRow,
  type MessageKind,
  type ModelConfig,
  type OffloadGateInputs,
  type Policy,
  type RoutingScenario,
  type Strategy,
} from '../core/index.ts';
import { runReplayCase, runTraceCase, traceExpectation } from './trace-case.ts';
import { runLiteLlmCase } from './litellm-case.ts';
import { runPopulationCase } from './population-case.ts';
import { pricingOf } from './pricing-of.ts';

export { pricingOf };

type CoreKind = 'gate' | 'budget' | 'estimate' | 'hopIndex' | 'resolve' | 'simulate';
export type VectorKind = CoreKind | keyof typeof MODULE_KINDS;

export interface VectorCase {
  readonly name: string;
  readonly input: Record<string, unknown>;
  readonly expect: unknown;
}

export interface VectorFile {
  readonly kind: VectorKind;
  readonly description?: string;
  readonly cases: readonly VectorCase[];
}

/** A mismatch: where the values first differ, and both sides there. */
export interface Mismatch {
  readonly path: string;
  readonly expected: unknown;
  readonly actual: unknown;
}

/** Kinds run by their own modules (`src/conformance/*-case.ts`): one line each. */
const MODULE_KINDS = {
  population: runPopulationCase,
  litellm: runLiteLlmCase,
  trace: (input) => runTraceCase(input, pricingOf(input)),
  replay: (input) => runReplayCase(input, pricingOf(input)),
} satisfies Record<string, (input: Record<string, unknown>) => unknown>;

/** Computes what the core says for one case of the given kind. */
export function runCase(kind: VectorKind, input: Record<string, unknown>): unknown {
  switch (kind) {
    case 'gate':
      return evaluateOffloadGate(input as unknown as OffloadGateInputs, pricingOf(input));
    case 'budget':
      try {
        const { admitted, report } = admitWithinBudget(input['rows'] as BudgetRow[], {
          maxTotalTokens: input['maxTotalTokens'] as number | null,
        });
        return { admitted: admitted.map((row) => row.contributionId), report };
      } catch (error) {
        if (error instanceof InvalidInputError)
          return { error: 'InvalidInput', message: error.message };
        if (error instanceof BudgetExceededError)
          return { error: 'BudgetExceededError', message: error.message };
        throw error;
      }
    case 'estimate':
      return {
        tokens: estimateTokens(
          input['text'] as string,
          (input['charsPerToken'] as number | undefined) ?? 4,
        ),
      };
    case 'hopIndex':
      return { turnHopIndex: turnHopIndex(input['messages'] as MessageKind[]) };
    case 'resolve': {
      const ctxIn = input['ctx'] as Record<string, unknown>;
      const ctx = buildDispatchContext({
        messages: [],
        turnHopIndex: ctxIn['turnHopIndex'] as number,
        forcedToolChoice: (ctxIn['forcedToolChoice'] as string | null | undefined) ?? null,
        resolvedToolNames: (ctxIn['resolvedToolNames'] as string[] | null | undefined) ?? null,
        cacheState: (ctxIn['cacheState'] as Record<string, number> | undefined) ?? {},
        complexity: (ctxIn['complexity'] as 'simple' | 'complex' | undefined) ?? 'simple',
        now: (ctxIn['now'] as number | undefined) ?? 0,
      });
      return resolve(
        input['policies'] as Policy[],
        input['strategy'] as Strategy,
        input['defaultModel'] as ModelConfig,
        ctx,
      );
    }
    case 'simulate':
      return simulateRouting(input['scenario'] as RoutingScenario, pricingOf(input));
    default:
      return MODULE_KINDS[kind](input);
  }
}

function close(expected: number, actual: number): boolean {
  if (expected === actual) return true;
  const scale = Math.max(Math.abs(expected), Math.abs(actual));
  const diff = Math.abs(expected - actual);
  return diff <= 1e-12 || diff <= 1e-9 * scale;
}

/**
 * Compares per SPEC §7: strings and booleans exactly, numbers within a
 * relative 1e-9 (absolute 1e-12 near zero), objects key by key (extra actual
 * keys allowed), arrays element by element. Returns the first mismatch.
 */
export function firstMismatch(expected: unknown, actual: unknown, path = '$'): Mismatch | null {
  if (typeof expected === 'number') {
    return typeof actual === 'number' && close(expected, actual)
      ? null
      : { path, expected, actual };
  }
  if (expected === null || typeof expected !== 'object') {
    return expected === actual ? null : { path, expected, actual };
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return { path, expected, actual };
    if (actual.length !== expected.length) {
      return { path: `${path}.length`, expected: expected.length, actual: actual.length };
    }
    for (let i = 0; i < expected.length; i++) {
      const m = firstMismatch(expected[i], actual[i], `${path}[${i}]`);
      if (m) return m;
    }
    return null;
  }
  if (typeof actual !== 'object' || actual === null || Array.isArray(actual))
    return { path, expected, actual };
  for (const [key, value] of Object.entries(expected)) {
    if (!(key in actual)) return { path: `${path}.${key}`, expected: value, actual: undefined };
    const m = firstMismatch(value, (actual as Record<string, unknown>)[key], `${path}.${key}`);
    if (m) return m;
  }
  return null;
}

/** Runs one case; a thrown error counts as a mismatch at `$`. */
export function checkCase(kind: VectorKind, c: VectorCase): Mismatch | null {
  let actual: unknown;
  try {
    actual = runCase(kind, c.input);
  } catch (error) {
    actual = { thrown: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
  return firstMismatch(kind === 'trace' ? traceExpectation(c.expect) : c.expect, actual);
}

const KINDS = new Set<string>([
  ...['gate', 'budget', 'estimate', 'hopIndex', 'resolve', 'simulate'],
  ...Object.keys(MODULE_KINDS),
]);

/** Checks the shape of a parsed vector file; throws naming what is wrong. */
export function asVectorFile(json: unknown): VectorFile {
  if (typeof json !== 'object' || json === null) throw new Error('not a JSON object');
  const file = json as Record<string, unknown>;
  if (typeof file['kind'] !== 'string' || !KINDS.has(file['kind']))
    throw new Error(`unknown kind ${JSON.stringify(file['kind'])}`);
  if (!Array.isArray(file['cases'])) throw new Error('"cases" is not a list');
  file['cases'].forEach((c: unknown, i) => {
    if (
      typeof c !== 'object' ||
      c === null ||
      typeof (c as Record<string, unknown>)['input'] !== 'object' ||
      !('expect' in c)
    ) {
      throw new Error(`cases[${i}] needs "name", "input" and "expect"`);
    }
  });
  return json as VectorFile;
}
