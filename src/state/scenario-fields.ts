/**
 * The field schemas the scenario's parts share: token counts, prices,
 * seconds, names and ids, each with its limit and the words a rejected value
 * is named with.
 */
import './zod-config.ts';
import * as z from 'zod/mini';
import {
  atMost,
  MAX_ID_CHARS,
  MAX_NAME_CHARS,
  SECONDS,
  TOKENS,
  USD_PER_MILLION,
} from '../core/limits.ts';

export const tokens = z
  .number()
  .check(z.minimum(0, 'must be 0 or more tokens'), z.maximum(TOKENS.max, atMost(TOKENS)));
/** A whole number within [min, max]: the range is checked first, so 1e300 reads "at most …". */
export function wholeNumber(min: number, max: number, minMessage: string, maxMessage: string) {
  return z.number().check(
    z.minimum(min, minMessage),
    z.maximum(max, maxMessage),
    z.refine((n) => Number.isInteger(n), 'must be a whole number of tokens'),
  );
}
export const wholeTokens = wholeNumber(0, TOKENS.max, 'must be 0 or more tokens', atMost(TOKENS));
export const usdPerMillion = z
  .number()
  .check(
    z.minimum(0, 'must be a price of 0 or more USD per million tokens'),
    z.maximum(USD_PER_MILLION.max, atMost(USD_PER_MILLION)),
  );
export const seconds = z
  .number()
  .check(z.minimum(0, 'must be 0 or more seconds'), z.maximum(SECONDS.max, atMost(SECONDS)));
export const complexity = z.enum(['simple', 'complex']);
/** A typed volume per day; null = the traffic's own rate or a stated default. */
export const volumePerDay = z.nullable(
  z
    .number()
    .check(
      z.minimum(0, 'must be 0 or more a day'),
      z.maximum(1_000_000_000, 'must be at most 1,000,000,000 a day'),
    ),
);
export const name = z
  .string()
  .check(z.maxLength(MAX_NAME_CHARS, atMost(MAX_NAME_CHARS, 'characters')));
export const id = z.string().check(z.maxLength(MAX_ID_CHARS, atMost(MAX_ID_CHARS, 'characters')));
export const modelName = name.check(z.minLength(1, 'must name a model'));
export const modelConfig = z.object({
  model: modelName,
  thinking: z.boolean(),
});
