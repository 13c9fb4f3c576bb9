/**
 * The field schemas the scenario's parts share: token counts, prices,
 * seconds, names and ids, each with its limit and the words a rejected value
 * is named with.
 */
import './zod-config.ts';
import { z } from 'zod';
import {
  atMost,
  MAX_ID_CHARS,
  MAX_NAME_CHARS,
  SECONDS,
  TOKENS,
  USD_PER_MILLION,
} from '../core/limits.ts';

export const tokens = z.number().min(0, 'must be 0 or more tokens').max(TOKENS.max, atMost(TOKENS));
/** A whole number within [min, max]: the range is checked first, so 1e300 reads "at most …". */
export function wholeNumber(min: number, max: number, minMessage: string, maxMessage: string) {
  return z
    .number()
    .min(min, minMessage)
    .max(max, maxMessage)
    .refine((n) => Number.isInteger(n), 'must be a whole number of tokens');
}
export const wholeTokens = wholeNumber(0, TOKENS.max, 'must be 0 or more tokens', atMost(TOKENS));
export const usdPerMillion = z
  .number()
  .min(0, 'must be a price of 0 or more USD per million tokens')
  .max(USD_PER_MILLION.max, atMost(USD_PER_MILLION));
export const seconds = z
  .number()
  .min(0, 'must be 0 or more seconds')
  .max(SECONDS.max, atMost(SECONDS));
export const complexity = z.enum(['simple', 'complex']);
/** A typed volume per day; null = the traffic's own rate or a stated default. */
export const volumePerDay = z
  .number()
  .min(0, 'must be 0 or more a day')
  .max(1_000_000_000, 'must be at most 1,000,000,000 a day')
  .nullable();
export const name = z.string().max(MAX_NAME_CHARS, atMost(MAX_NAME_CHARS, 'characters'));
export const id = z.string().max(MAX_ID_CHARS, atMost(MAX_ID_CHARS, 'characters'));
export const modelName = name.min(1, 'must name a model');
export const modelConfig = z.object({
  model: modelName,
  thinking: z.boolean(),
});
