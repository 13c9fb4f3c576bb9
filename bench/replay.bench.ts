/**
 * Replay benchmark: `tsx bench/replay.bench.ts` (the third part
 * of `npm run bench`). Prints one JSON line per figure,
 * `{"name", "value", "unit"}`, and asserts nothing.
 *
 * A 10,000-call traffic is generated deterministically (bench-kit's seeded
 * generator): 800 conversations of growing prompts with the odd compaction,
 * calls on three Anthropic models written as providers write them (one with a
 * date suffix), idle gaps either side of both TTLs, a third of the
 * conversations on 1-hour writes. Figures, each the median and the spread
 * (fastest to slowest) of the timed runs after a warm-up:
 *
 * - the core's `replayTrace` under one choice (opus → sonnet, 1-hour TTL);
 * - the traffic worker's whole replay answer for that choice: the replay
 *   split by kind of token and the timeline's hops, beside as billed and as
 *   run, which are kept per scope (a new choice) or worked out too (a new
 *   scope) (target: under 20 ms for 10,000 calls);
 * - the search over every choice (a target for each model seen over the
 *   default table's chat models × both TTLs), with its ranked list in words
 *   (target: under 1 s for 10,000 calls);
 * - the cross-tab figures the gate, routing and budget tabs and the report
 *   read from the traffic (`crossTabFigures`: rates, the tool-output
 *   population with each output's horizon, the fitted priors, the TTL
 *   question), then packed for the hand-over to the page, on the same calls
 *   with a tool result on about half of them (no target of its own: it runs
 *   in the worker, once per traffic and price table).
 */
import { random, report } from './bench-kit.ts';
import { DEFAULT_PRICING } from '../src/core/pricing.ts';
import { PLAIN_CALL_FIELDS, replayTrace, type TraceCall } from '../src/core/traces/index.ts';
import { replayTraffic, searchTraffic } from '../src/engine/traces/replay-service.ts';
import { crossTabFigures } from '../src/engine/traces/traffic-cross.ts';
import { packCrossFigures } from '../src/engine/traces/worker-packing.ts';

const CALLS = 10_000;
const MODELS = ['claude-opus-4-6', 'claude-sonnet-4-5-20250929', 'claude-haiku-4-5'];

function generateTraffic(): TraceCall[] {
  const next = random(16);
  const calls: TraceCall[] = [];
  let clock = 1_760_000_000;
  let c = 0;
  while (calls.length < CALLS) {
    const count = Math.min(CALLS - calls.length, 4 + Math.floor(next() * 20));
    const oneHour = next() < 0.33;
    let prompt = 2_000 + Math.floor(next() * 20_000);
    let at = clock;
    for (let i = 0; i < count; i++) {
      const r = next();
      at += r < 0.7 ? 3 + next() * 90 : r < 0.9 ? 300 + next() * 1_500 : 3_600 + next() * 900;
      prompt = next() < 0.05 ? Math.floor(prompt / 4) : prompt + Math.floor(next() * 4_000);
      const read = Math.floor(prompt * next() * 0.95);
      const write = Math.max(0, prompt - read - 20);
      calls.push({
        ...PLAIN_CALL_FIELDS,
        conversationId: `conversation-${c}`,
        callId: `msg_${c}_${i}`,
        at: Math.round(at),
        model: MODELS[next() < 0.3 ? 0 : next() < 0.6 ? 1 : 2]!,
        inputTokens: 20,
        cacheReadTokens: read,
        cacheWrite5mTokens: oneHour ? 0 : write,
        cacheWrite1hTokens: oneHour ? write : 0,
        outputTokens: 100 + Math.floor(next() * 3_000),
        reasoningTokens: 0,
        sidechain: next() < 0.1,
        toolResults: [],
      });
    }
    clock += 60 + Math.floor(next() * 600);
    c += 1;
  }
  return calls
    .map((call, order) => ({ call, order }))
    .sort((a, b) => a.call.at! - b.call.at! || a.order - b.order)
    .map((x) => x.call);
}

function timed(run: () => void, runs: number, warmup: number): number[] {
  for (let i = 0; i < warmup; i++) run();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    run();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

function reportTimes(name: string, times: readonly number[]): void {
  const median = times[times.length >> 1]!;
  report({ name: `${name}, median`, value: Number(median.toFixed(2)), unit: 'ms' });
  report({
    name: `${name}, spread (fastest to slowest of ${times.length})`,
    value: Number((times[times.length - 1]! - times[0]!).toFixed(2)),
    unit: 'ms',
  });
}

const calls = generateTraffic();
const choice = {
  model: { kind: 'map' as const, mapping: [{ from: 'claude-opus-4-6', to: 'claude-sonnet-4-5' }] },
  ttlSeconds: 3600 as const,
};
const byName = new Map([['claude-opus-4-6', 'claude-sonnet-4-5']]);

reportTimes(
  `core replayTrace, ${CALLS.toLocaleString('en-US')} calls, one choice`,
  timed(
    () => replayTrace(calls, DEFAULT_PRICING, { kind: 'whatIf', model: byName, ttlSeconds: 3600 }),
    30,
    5,
  ),
);
// A new choice on a scope already replayed: as billed and as run are kept, one replay runs.
reportTimes(
  `worker replay answer for a new choice (replay, split, timeline), ${CALLS.toLocaleString('en-US')} calls`,
  timed(() => replayTraffic(calls, DEFAULT_PRICING, { scope: { kind: 'all' }, choice }), 30, 5),
);
// A new scope (or new traffic): as billed and as run too (a copy of the calls misses the cache).
const copies = Array.from({ length: 35 }, () => [...calls]);
let copy = 0;
reportTimes(
  `worker replay answer for a new scope (as billed, as run, replay, split, timeline), ${CALLS.toLocaleString('en-US')} calls`,
  timed(
    () => replayTraffic(copies[copy++]!, DEFAULT_PRICING, { scope: { kind: 'all' }, choice }),
    30,
    5,
  ),
);
let evaluated = 0;
reportTimes(
  `search over choices, ${CALLS.toLocaleString('en-US')} calls`,
  timed(
    () => {
      evaluated = searchTraffic(calls, DEFAULT_PRICING, { kind: 'all' }).evaluated;
    },
    10,
    2,
  ),
);
report({ name: 'search: choices priced', value: evaluated, unit: 'choices' });
// The same search without its default constraint (same provider), and with an exclusion and a floor.
for (const [label, constraints] of [
  ['any provider', { substitutes: 'any' }],
  [
    'same provider, gpt-4.1-nano excluded, floor claude-haiku-4-5 for claude-opus-4-6',
    { exclude: ['gpt-4.1-nano'], floor: { 'claude-opus-4-6': 'claude-haiku-4-5' } },
  ],
] as const) {
  reportTimes(
    `constrained search (${label}), ${CALLS.toLocaleString('en-US')} calls`,
    timed(
      () => {
        evaluated = searchTraffic(calls, DEFAULT_PRICING, { kind: 'all' }, constraints).evaluated;
      },
      10,
      2,
    ),
  );
  report({ name: `search (${label}): choices priced`, value: evaluated, unit: 'choices' });
}

// The cross-tab figures: the same calls, with tool results (from a stream of
// their own, so the figures above are unchanged) on about half of them.
const withTools = (() => {
  const next = random(17);
  return calls.map((call, i) =>
    next() < 0.5
      ? call
      : {
          ...call,
          toolResults: Array.from({ length: 1 + Math.floor(next() * 3) }, (_, k) => ({
            toolUseId: `toolu_${i}_${k}`,
            name: next() < 0.5 ? 'Read' : 'Bash',
            tokens: Math.round(Math.exp(6 + next() * 5)),
          })),
        },
  );
})();
let outputs = 0;
reportTimes(
  `cross-tab figures (rates, tool outputs, priors, TTL) and their packing, ${CALLS.toLocaleString('en-US')} calls`,
  timed(
    () => {
      const figures = crossTabFigures(withTools, DEFAULT_PRICING);
      outputs = figures.population.length;
      packCrossFigures(figures);
    },
    10,
    2,
  ),
);
report({ name: 'cross-tab figures: tool outputs', value: outputs, unit: 'outputs' });
