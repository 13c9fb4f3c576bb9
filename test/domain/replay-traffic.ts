// A small seeded traffic for the replay tests: conversations of calls on a
// few models (names as providers write them, a dated one, an unpriced one),
// growing prompts with the odd compaction, idle gaps either side of both TTLs.
import { PLAIN_CALL_FIELDS, type TraceCall } from '../../src/core/traces/index.ts';
import { mulberry32 } from '../../src/model/prng.ts';

export function seededTraffic(
  seed: number,
  conversations: number,
  models: readonly string[],
): TraceCall[] {
  const random = mulberry32(seed);
  const calls: TraceCall[] = [];
  let clock = 1_700_000_000;
  for (let c = 0; c < conversations; c++) {
    let prompt = 500 + Math.floor(random() * 6_000);
    const count = 2 + Math.floor(random() * 8);
    let at = clock;
    const oneHour = random() < 0.3;
    for (let i = 0; i < count; i++) {
      const model = models[Math.floor(random() * models.length)]!;
      const r = random();
      at +=
        r < 0.6 ? 5 + random() * 120 : r < 0.85 ? 300 + random() * 1_200 : 3_600 + random() * 600;
      prompt = random() < 0.1 ? Math.floor(prompt / 3) : prompt + Math.floor(random() * 3_000);
      const read = Math.floor(prompt * random() * 0.9);
      const write = prompt - read - 10;
      calls.push({
        ...PLAIN_CALL_FIELDS,
        conversationId: `conv-${c}`,
        callId: `call-${c}-${i}`,
        at: Math.round(at),
        model,
        inputTokens: 10,
        cacheReadTokens: read,
        cacheWrite5mTokens: oneHour ? 0 : Math.max(0, write),
        cacheWrite1hTokens: oneHour ? Math.max(0, write) : 0,
        outputTokens: 50 + Math.floor(random() * 2_000),
        reasoningTokens: 0,
        sidechain: random() < 0.1,
        toolResults: [],
      });
    }
    clock += 200 + Math.floor(random() * 400);
  }
  // Time order, ties in input order, as the reader returns them.
  return calls
    .map((call, order) => ({ call, order }))
    .sort((a, b) => a.call.at! - b.call.at! || a.order - b.order)
    .map((x) => x.call);
}
