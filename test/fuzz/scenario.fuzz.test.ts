/**
 * Fuzzing the boundaries that read a scenario from outside: the URL hash,
 * local storage and imported/pasted files. Each sees 10,000 seeded inputs,
 * generated or mutated from a valid scenario. None may throw; a rejected one
 * leaves the store as it was; an accepted one only ever makes the core throw
 * its own documented errors (which the panels show), never a crash.
 */
import fc from 'fast-check';
import { act } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  admitWithinBudget,
  BudgetExceededError,
  evaluateOffloadGate,
  InvalidInputError,
  simulateRouting,
} from '../../src/core/index.ts';
import { compileRows, toBudgetRows } from '../../src/domain/compiled-rows.ts';
import { gateInputsOf } from '../../src/features/gate/use-gate.ts';
import {
  decodeScenarioHash,
  encodeScenarioHash,
  parseScenarioText,
  readStoredScenario,
  scenarioToJson,
  type ScenarioParse,
} from '../../src/state/persistence.ts';
import { tableFromRows } from '../../src/model/prices.ts';
import { DEFAULT_SCENARIO, type ScenarioData } from '../../src/model/scenario.ts';
import { selectScenario, useAppStore } from '../../src/state/store.ts';
import { toVersionedScenario } from '../../src/state/scenario-schema.ts';
import { FUZZ_RUNS, FUZZ_SEED, fuzzText } from './fuzz-inputs.ts';

const valid = toVersionedScenario(DEFAULT_SCENARIO);

/** What the app does with a read scenario: load it if it is good, else keep everything. */
function apply(parsed: ScenarioParse | null): void {
  if (parsed?.ok) useAppStore.getState().loadScenario(parsed.data);
}

/** The core calls the panels make; only the core's own errors may escape. */
function exerciseCore(data: ScenarioData): void {
  const pricing = tableFromRows(data.prices.rows);
  const expectOwnError = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      expect(
        error instanceof InvalidInputError || error instanceof BudgetExceededError,
        String(error),
      ).toBe(true);
    }
  };
  expectOwnError(() => evaluateOffloadGate(gateInputsOf(data.gate), pricing));
  expectOwnError(() =>
    admitWithinBudget(toBudgetRows(compileRows(data.budget.rows, data.budget.charsPerToken)), {
      maxTotalTokens: data.budget.unbounded ? null : data.budget.maxTotalTokens,
    }),
  );
  expectOwnError(() => simulateRouting(data.routing.scenario, pricing));
}

function checkOutcome(
  parsed: ScenarioParse,
  before: ReturnType<typeof selectScenario>,
  counts: { ok: number; bad: number },
) {
  if (parsed.ok) {
    counts.ok += 1;
    exerciseCore(parsed.data);
    // What was accepted survives a round trip through its own JSON unchanged.
    const json = scenarioToJson(parsed.data);
    const again = parseScenarioText(json);
    expect(again.ok).toBe(true);
    if (again.ok) expect(scenarioToJson(again.data)).toBe(json);
  } else {
    counts.bad += 1;
    expect(typeof parsed.error).toBe('string');
    expect(parsed.error.length).toBeGreaterThan(0);
    expect(parsed.error.length).toBeLessThan(500);
    // The message names where the problem is: a field path or the source.
    expect(parsed.error).toMatch(/^[\w.[\]]+: /);
    apply(parsed);
    expect(selectScenario(useAppStore.getState())).toEqual(before);
  }
}

describe('scenario boundaries (fuzz)', () => {
  beforeEach(() => {
    act(() => useAppStore.getState().resetToDefaults());
  });

  it('imported or pasted scenario files', () => {
    const counts = { ok: 0, bad: 0 };
    const before = selectScenario(useAppStore.getState());
    fc.assert(
      fc.property(fuzzText(valid), (text) => {
        checkOutcome(parseScenarioText(text), before, counts);
      }),
      { numRuns: FUZZ_RUNS, seed: FUZZ_SEED },
    );
    expect(counts.ok).toBeGreaterThan(100);
    expect(counts.bad).toBeGreaterThan(1000);
  }, 300_000);

  it('local storage, including storage that throws', () => {
    const counts = { ok: 0, bad: 0 };
    const before = selectScenario(useAppStore.getState());
    fc.assert(
      fc.property(fuzzText(valid), fc.nat(20), (text, mode) => {
        const storage = {
          getItem: (): string | null => {
            if (mode === 0) throw new DOMException('denied', 'SecurityError');
            return mode === 1 ? null : text;
          },
        };
        const parsed = readStoredScenario(storage);
        if (parsed === null) {
          expect(mode).toBeLessThan(2);
          return;
        }
        checkOutcome(parsed, before, counts);
      }),
      { numRuns: FUZZ_RUNS, seed: FUZZ_SEED + 1 },
    );
    expect(counts.ok).toBeGreaterThan(100);
    expect(counts.bad).toBeGreaterThan(1000);
  }, 300_000);

  it('URL hashes: compressed links, plain json links and noise', async () => {
    const good = await encodeScenarioHash(DEFAULT_SCENARIO);
    const code = good.slice('#s='.length);
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const mutatedCode = fc
      .tuple(fc.nat(), fc.nat(), fc.constantFrom(...alphabet.split('')), fc.nat(3))
      .map(([at, len, ch, mode]) => {
        const i = at % code.length;
        if (mode === 0) return `#s=${code.slice(0, i)}`;
        if (mode === 1) return `#s=${code.slice(0, i)}${ch}${code.slice(i + 1)}`;
        if (mode === 2) return `#s=${code.slice(0, i)}${code.slice(i + 1 + (len % 8))}`;
        return `s=${code}${ch.repeat(len % 5)}`;
      });
    const hashes = fc.oneof(
      { arbitrary: mutatedCode, weight: 4 },
      { arbitrary: fuzzText(valid).map((t) => `#json=${encodeURIComponent(t)}`), weight: 3 },
      { arbitrary: fuzzText(valid).map((t) => `#json=${t}`), weight: 1 },
      { arbitrary: fc.string({ maxLength: 60 }).map((t) => `#${t}`), weight: 1 },
      {
        arbitrary: fc.constantFrom(
          '#s=',
          '#json=',
          '#',
          '',
          '#s=%%%',
          '#json=%E0%A4%A',
          `#s=${'A'.repeat(500_000)}`,
        ),
        weight: 1,
      },
    );
    const counts = { ok: 0, bad: 0 };
    const before = selectScenario(useAppStore.getState());
    await fc.assert(
      fc.asyncProperty(hashes, async (hash) => {
        checkOutcome(await decodeScenarioHash(hash), before, counts);
      }),
      { numRuns: FUZZ_RUNS, seed: FUZZ_SEED + 2 },
    );
    expect(counts.ok).toBeGreaterThan(100);
    expect(counts.bad).toBeGreaterThan(1000);
  }, 300_000);
});
