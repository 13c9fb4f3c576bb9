/**
 * The default price table as revision 1 of the spec had it: the §1 rows
 * without the §1.1 fields (`minCacheableTokens`, `longContext`). A row that
 * uses none of the new fields gives exactly the revision-1 result, so tests
 * worked by hand under revision 1 run on this table.
 */
import { DEFAULT_PRICING, type PriceRow, type PricingTable } from '../../src/core/pricing.ts';

export const REVISION_1_PRICING: PricingTable = Object.freeze(
  Object.fromEntries(
    Object.entries(DEFAULT_PRICING).map(([model, row]): [string, PriceRow] => {
      const { minCacheableTokens: _min, longContext: _tier, ...rest } = row;
      return [model, Object.freeze(rest)];
    }),
  ),
);
