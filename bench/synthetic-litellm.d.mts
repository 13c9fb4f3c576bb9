export const SYNTHETIC_ENTRY_COUNT: number;
export const FREE_ENTRY_COUNT: number;
export function syntheticLiteLlmPrices(options?: {
  count?: number;
  seed?: number;
}): Record<string, Record<string, unknown>>;
