import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { act } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { tryReadPriceFile } from '../../src/features/pricing/price-file.ts';
import { useAppStore } from '../../src/state/store.ts';
import { FUZZ_RUNS, FUZZ_SEED, fuzzText } from './fuzz-inputs.ts';

const fixture: unknown = JSON.parse(
  readFileSync(resolve(process.cwd(), 'test/fixtures/litellm-sample.json'), 'utf8'),
);

/** The same boundary the Prices tab uses: merge only what was read successfully. */
function importText(text: string) {
  const read = tryReadPriceFile(text);
  if (read.ok) useAppStore.getState().mergePriceRows(read.result.rows);
  return read;
}

describe('LiteLLM price files (fuzz)', () => {
  beforeEach(() => {
    act(() => useAppStore.getState().resetToDefaults());
  });

  it('never throws, keeps the table when it refuses, and imports only usable prices', () => {
    let accepted = 0;
    let refused = 0;
    fc.assert(
      fc.property(fuzzText(fixture), (text) => {
        const before = useAppStore.getState().prices;
        const read = importText(text);
        if (!read.ok) {
          refused += 1;
          expect(useAppStore.getState().prices).toBe(before);
          expect(read.error).toMatch(/^price file: /);
          return;
        }
        accepted += 1;
        for (const [model, row] of Object.entries(read.result.rows)) {
          expect(Object.prototype.hasOwnProperty.call(read.result.rows, model)).toBe(true);
          for (const price of [
            row.input,
            row.output,
            row.cacheWrite,
            row.cacheWrite1h,
            row.cacheRead,
          ]) {
            if (price !== undefined) {
              expect(Number.isFinite(price)).toBe(true);
              expect(price).toBeGreaterThanOrEqual(0);
            }
          }
        }
        const names = useAppStore.getState().prices.rows.map((r) => r.model);
        expect(new Set(names).size).toBe(names.length);
        useAppStore.getState().resetPrices();
      }),
      { numRuns: FUZZ_RUNS, seed: FUZZ_SEED },
    );
    // The generator must exercise both sides of the boundary.
    expect(accepted).toBeGreaterThan(100);
    expect(refused).toBeGreaterThan(100);
  });
});
