/**
 * The scenario's "Your traffic" part: the replay's choice, which
 * a link may carry. Never the calls, never which conversations were replayed.
 */
import './zod-config.ts';
import * as z from 'zod/mini';
import { atMost, MAX_NAME_CHARS, MAX_PRICE_ROWS } from '../core/limits.ts';

const modelName = z
  .string()
  .check(
    z.maxLength(MAX_NAME_CHARS, atMost(MAX_NAME_CHARS, 'characters')),
    z.minLength(1, 'must name a model'),
  );

// The replay's choice on the "Your traffic" tab: added after v1
// shipped, so a scenario without it takes the defaults. Never the calls.
export const trafficSchema = z.object({
  replay: z.object({
    modelMode: z.enum(['one', 'map']),
    oneModel: z.string().check(z.maxLength(MAX_NAME_CHARS, atMost(MAX_NAME_CHARS, 'characters'))),
    mapping: z.array(z.object({ from: modelName, to: modelName })).check(
      z.maxLength(MAX_PRICE_ROWS, atMost(MAX_PRICE_ROWS, 'models')),
      z.refine(
        (moves) => new Set(moves.map((m) => m.from)).size === moves.length,
        'each model seen is moved at most once',
      ),
    ),
    // 'asBilled' (each conversation's own TTL) came later; a link without it still reads.
    ttl: z.enum(['asBilled', 'fiveMinutes', 'oneHour']),
  }),
});
