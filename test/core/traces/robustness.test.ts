// @vitest-environment node
/**
 * Whatever a file holds, reading it never throws, and every call it yields
 * keeps SPEC §10's promises: whole counts ≥ 0, a finite time, `toolResults`
 * a list. Records are the fixtures' own shapes with fields replaced by
 * arbitrary JSON.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICING } from '../../../src/core/pricing.ts';
import { billTrace, readTraceFiles, replayTrace } from '../../../src/core/traces/index.ts';
import { ALL_FIXTURES, fixture } from './fixtures.ts';

const RUNS = { seed: 77_001, numRuns: 150 } as const;

const TEMPLATES = ALL_FIXTURES.flatMap((name) =>
  fixture(name)
    .text.split('\n')
    .flatMap((line) => {
      try {
        const value: unknown = JSON.parse(line);
        return typeof value === 'object' && value !== null
          ? [value as Record<string, unknown>]
          : [];
      } catch {
        return [];
      }
    }),
);

/** A copy of `value` with the field at a random path replaced by `replacement`. */
function mutate(value: unknown, path: readonly number[], replacement: unknown): unknown {
  if (path.length === 0 || typeof value !== 'object' || value === null) return replacement;
  const entries = Object.entries(value);
  if (entries.length === 0) return replacement;
  const [key, child] = entries[path[0]! % entries.length]!;
  const copy: Record<string, unknown> = Array.isArray(value) ? ([...value] as never) : { ...value };
  copy[key] = mutate(child, path.slice(1), replacement);
  return copy;
}

const lineArb = fc
  .tuple(
    fc.constantFrom(...TEMPLATES),
    fc.array(fc.nat(20), { minLength: 1, maxLength: 5 }),
    fc.oneof(
      fc.jsonValue(),
      fc.constantFrom(
        -1,
        1.5,
        '12',
        null,
        2 ** 60,
        1e300,
        '99999999999999999999999999',
        '2026-13-01T00:00:00Z',
      ),
    ),
  )
  .map(([template, path, replacement]) => JSON.stringify(mutate(template, path, replacement)));

describe('robustness', () => {
  it('reading mutated records never throws and yields only well-formed calls', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 30 }), fc.boolean(), (lines, asDocument) => {
        const text = asDocument ? `[${lines.join(',')}]` : lines.join('\n');
        const { calls, skipped } = readTraceFiles([{ name: 'fuzz', text }]);
        for (const call of calls) {
          for (const count of [
            call.inputTokens,
            call.cacheReadTokens,
            call.cacheWrite5mTokens,
            call.cacheWrite1hTokens,
            call.outputTokens,
            call.reasoningTokens,
          ]) {
            expect(Number.isSafeInteger(count) && count >= 0).toBe(true);
          }
          // Undated (SPEC §13.1) or a finite time.
          expect(call.at === null || Number.isFinite(call.at)).toBe(true);
          expect(Array.isArray(call.toolResults)).toBe(true);
        }
        for (const s of skipped) expect(s.reason.length).toBeGreaterThan(0);
        expect(Number.isFinite(billTrace(calls, DEFAULT_PRICING).totals.totalUsd)).toBe(true);
        expect(
          Number.isFinite(replayTrace(calls, DEFAULT_PRICING, { kind: 'asRun' }).totals.totalUsd),
        ).toBe(true);
      }),
      RUNS,
    );
  });
});
