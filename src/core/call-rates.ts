/**
 * The rates one call is billed at (SPEC §1.1): the row's own, or its
 * long-context tier's when the prompt is above the tier's threshold, with
 * §1's fallbacks applied. Shared by the routing simulation (§5.1), the
 * as-billed cost of a trace (§10) and the replay (§11).
 */
import type { PriceRow } from './pricing.ts';

/** Per-token rates (USD per token) of one call, fallbacks resolved. */
export interface CallRates {
  /** True when the call is billed at the row's long-context tier. */
  readonly longContext: boolean;
  readonly input: number;
  readonly output: number;
  /** Cache read; the call's `input` when the row (and tier) give none. */
  readonly cacheRead: number;
  /** 5-minute cache write; the call's `input` when none is given. */
  readonly cacheWrite: number;
  /** 1-hour cache write; the call's `cacheWrite` when none is given. */
  readonly cacheWrite1h: number;
  /** True when the row (or its tier) gives a 1-hour write rate of its own. */
  readonly hasCacheWrite1h: boolean;
}

/**
 * The per-token rates of a call whose prompt has `promptTokens` tokens
 * (SPEC §1.1): above `longContext.thresholdTokens` every rate is the tier's,
 * a rate the tier leaves out is the row's own of that kind, and then an
 * absent cache read or write is the call's input and an absent 1-hour write
 * is the call's 5-minute write.
 */
export function callRates(row: PriceRow, promptTokens: number): CallRates {
  // `null` counts as absent (SPEC §9): rows from outside may carry it.
  const tier = row.longContext ?? undefined;
  const long = tier !== undefined && promptTokens > tier.thresholdTokens;
  const input = long ? tier.input : row.input;
  const output = (long ? tier.output : undefined) ?? row.output;
  const cacheRead = (long ? tier.cacheRead : undefined) ?? row.cacheRead ?? input;
  const cacheWrite = (long ? tier.cacheWrite : undefined) ?? row.cacheWrite ?? input;
  const given1h = (long ? tier.cacheWrite1h : undefined) ?? row.cacheWrite1h;
  return {
    longContext: long,
    input: input / 1_000_000,
    output: output / 1_000_000,
    cacheRead: cacheRead / 1_000_000,
    cacheWrite: cacheWrite / 1_000_000,
    cacheWrite1h: (given1h ?? cacheWrite) / 1_000_000,
    hasCacheWrite1h: given1h !== undefined,
  };
}

/**
 * The per-token rate a cache write is billed at for a cache TTL (SPEC §5):
 * the 1-hour rate when the TTL is over 300 s, else the 5-minute rate (the
 * 1-hour rate already falls back to the 5-minute one when none is given).
 */
export function cacheWriteRate(rates: CallRates, cacheTtlSeconds: number): number {
  return cacheTtlSeconds > 300 ? rates.cacheWrite1h : rates.cacheWrite;
}

/** True when a prompt of `promptTokens` is long enough to be cached (SPEC §1.1). */
export function isCacheable(row: PriceRow, promptTokens: number): boolean {
  return promptTokens >= (row.minCacheableTokens ?? 0);
}
