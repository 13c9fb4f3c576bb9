/**
 * The editable fields of a price row and how a typed value becomes one: the
 * columns of the table, the fields of a long-context tier (SPEC §1.1), and
 * pure helpers that set or clear a field and check the result with the core.
 */
import { atMost, USD_PER_MILLION } from '../../core/limits.ts';
import { validatePriceRow, type LongContextTier } from '../../core/index.ts';
import type { PriceTableRow } from '../../model/prices.ts';

/** The row's own prices, USD per million tokens. */
export const PRICE_COLUMNS = [
  { key: 'input', title: 'Input', optional: false },
  { key: 'output', title: 'Output', optional: false },
  { key: 'cacheWrite', title: 'Cache write (5 min)', optional: true },
  { key: 'cacheWrite1h', title: 'Cache write (1 h)', optional: true },
  { key: 'cacheRead', title: 'Cache read', optional: true },
] as const;

export type PriceKey = (typeof PRICE_COLUMNS)[number]['key'];

/** The prices of a long-context tier; a price left empty is the row's own. */
export const TIER_PRICE_FIELDS = [
  { key: 'input', title: 'Input', optional: false },
  { key: 'output', title: 'Output', optional: true },
  { key: 'cacheWrite', title: 'Cache write (5 min)', optional: true },
  { key: 'cacheWrite1h', title: 'Cache write (1 h)', optional: true },
  { key: 'cacheRead', title: 'Cache read', optional: true },
] as const;

export type TierPriceKey = (typeof TIER_PRICE_FIELDS)[number]['key'];

/** The tier a row gets when the user adds one: the common 200,000-token threshold at the row's prices. */
export function newTier(row: PriceTableRow): LongContextTier {
  return { thresholdTokens: 200_000, input: row.input };
}

/** `row` with `key` set to `value`, or without it when `value` is undefined. */
export function withField<K extends 'minCacheableTokens' | 'longContext' | PriceKey>(
  row: PriceTableRow,
  key: K,
  value: PriceTableRow[K] | undefined,
): PriceTableRow {
  const next: Record<string, unknown> = { ...row };
  if (value === undefined) delete next[key];
  else next[key] = value;
  return next as unknown as PriceTableRow;
}

/** `tier` with `key` set to `value`, or without it when `value` is undefined. */
export function withTierField(
  tier: LongContextTier,
  key: TierPriceKey | 'thresholdTokens',
  value: number | undefined,
): LongContextTier {
  const next: Record<string, unknown> = { ...tier };
  if (value === undefined) delete next[key];
  else next[key] = value;
  return next as unknown as LongContextTier;
}

/** The first problem the core finds with `row`, or null. */
export function firstProblem(row: PriceTableRow): string | null {
  return validatePriceRow(row.model, row)[0] ?? null;
}

/** Parses a price cell: a number ≥ 0, or empty when the field is optional. */
export function parsePrice(text: string, optional: boolean): number | undefined | Error {
  const t = text.trim();
  if (t === '') return optional ? undefined : new Error('is required');
  const n = Number(t);
  if (!Number.isFinite(n) || n < 0)
    return new Error(`"${t}" is not a price of 0 or more USD per million tokens`);
  if (n > USD_PER_MILLION.max) return new Error(atMost(USD_PER_MILLION));
  return n;
}

/**
 * Parses a token-count cell (digits, optionally with thousands separators):
 * a whole number ≥ 0, or empty when the field is optional.
 */
export function parseTokens(text: string, optional: boolean): number | undefined | Error {
  const t = text.trim().replace(/[,_\s]/g, '');
  if (t === '') return optional ? undefined : new Error('is required');
  const n = Number(t);
  if (!/^\d+$/.test(t) || !Number.isSafeInteger(n))
    return new Error(`"${text.trim()}" is not a whole number of 0 or more tokens`);
  return n;
}

/** A short summary of a tier for the table, e.g. "> 200,000: in 6, out 22.5". */
export function tierSummary(tier: LongContextTier | undefined): string {
  if (tier === undefined) return 'none';
  const parts = [`in ${tier.input}`];
  if (tier.output !== undefined) parts.push(`out ${tier.output}`);
  return `> ${tier.thresholdTokens.toLocaleString('en-US')}: ${parts.join(', ')}`;
}
