/**
 * The replay form's models seen, grouped by price row (else the name as
 * written), most calls first, against the plain grouping and sort they
 * replace, on analyses of priced and unpriced models in any mix.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICING, findPriceRow } from '../../../../src/core/index.ts';
import {
  planChoiceOf,
  targetCacheModes,
  type ModelSeenShare,
} from '../../../../src/domain/traffic-replay.ts';
import type { TrafficAnalysis } from '../../../../src/engine/traces/traffic-types.ts';
import {
  automaticTtlNote,
  replayFormViewOf,
} from '../../../../src/features/traffic/replay/replay-view.ts';
import { useAppStore } from '../../../../src/state/store.ts';

const TOKENS = {
  inputTokens: 0,
  cacheReadTokens: 0,
  cacheWrite5mTokens: 0,
  cacheWrite1hTokens: 0,
  outputTokens: 0,
};

function plainModelsSeen(models: TrafficAnalysis['models']): ModelSeenShare[] {
  const seen = new Map<string, ModelSeenShare>();
  for (const m of models) {
    const key = m.priceRow ?? m.name;
    seen.set(key, {
      model: key,
      priced: m.priceRow !== undefined,
      calls: (seen.get(key)?.calls ?? 0) + m.calls,
    });
  }
  return [...seen.values()].sort(
    (a, b) => b.calls - a.calls || (a.model < b.model ? -1 : a.model > b.model ? 1 : 0),
  );
}

const modelArb = fc.record({
  name: fc.string({ minLength: 1, maxLength: 4 }),
  calls: fc.integer({ min: 1, max: 6 }),
  row: fc.option(fc.constantFrom('row-a', 'row-b', 'row-c'), { nil: undefined }),
});

describe("the replay form's models seen", () => {
  it('equal the plain grouping and sort', () => {
    fc.assert(
      fc.property(fc.uniqueArray(modelArb, { selector: (m) => m.name, maxLength: 40 }), (drawn) => {
        // As the analysis lists them: most calls first, then by name; no unpriced name is a row's.
        const models = drawn
          .filter((m) => !m.name.startsWith('row-'))
          .map((m) => ({ name: m.name, calls: m.calls, tokens: TOKENS, priceRow: m.row }))
          .sort((a, b) => b.calls - a.calls || (a.name < b.name ? -1 : 1));
        const analysis = { models, billed: { byConversation: [], pricedConversations: 0 } };
        const view = replayFormViewOf.get()(analysis as unknown as TrafficAnalysis);
        expect(view.modelsSeen).toEqual(plainModelsSeen(models));
      }),
      { seed: 8_113, numRuns: 300 },
    );
  });

  it('say which TTLs apply as if every model seen were looked up', () => {
    const priced = ['claude-sonnet-4-5', 'claude-haiku-4-5', 'gpt-4.1', 'gemini-2.5-flash'];
    const names = [...priced, 'ft:acme-1', 'ft:acme-2', 'ft:acme-3'];
    const initial = useAppStore.getState().traffic.replay;
    try {
      fc.assert(
        fc.property(
          fc.subarray(names, { minLength: 1 }),
          fc.array(fc.tuple(fc.constantFrom(...names), fc.constantFrom(...priced)), {
            maxLength: 3,
          }),
          (seen, moves) => {
            const models = seen.map((name, i) => ({
              name,
              calls: seen.length - i,
              tokens: TOKENS,
              priceRow: findPriceRow(DEFAULT_PRICING, name)?.model,
            }));
            const mapping = moves.map(([from, to]) => ({ from, to }));
            useAppStore.getState().setReplayChoice({ modelMode: 'map', mapping });
            const analysis = { models, billed: { byConversation: [], pricedConversations: 0 } };
            const view = replayFormViewOf.get()(analysis as unknown as TrafficAnalysis);
            // Every model seen looked up (each taken as priced), as before unpriced ones were passed over.
            const modes = targetCacheModes(
              planChoiceOf(useAppStore.getState().traffic.replay),
              view.modelsSeen.map((m) => ({ model: m.model, priced: true })),
              DEFAULT_PRICING,
            );
            expect(view.ttlNote).toBe(automaticTtlNote(modes));
            expect(view.noTtl).toBe(modes.automatic.length > 0 && modes.explicit.length === 0);
          },
        ),
        { seed: 4_217, numRuns: 200 },
      );
    } finally {
      useAppStore.getState().setReplayChoice(initial);
    }
  });
});
