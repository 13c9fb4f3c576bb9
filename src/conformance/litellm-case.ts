/**
 * The `litellm` vector kind (SPEC §7, §12): input `{ file, all? }`; expect
 * `{ rows: [price rows with their model name, sorted by model in code-point
 * order], skipped: { <reason>: count } }`.
 */
import { compareCodePoints, importLiteLlmPrices } from '../core/index.ts';

/** Runs one `litellm` case through the core's importer. */
export function runLiteLlmCase(input: Record<string, unknown>): unknown {
  const result = importLiteLlmPrices(input['file'], { all: input['all'] === true });
  const rows = Object.entries(result.rows)
    .sort(([a], [b]) => compareCodePoints(a, b))
    .map(([model, row]) => ({ model, ...row }));
  const skipped: Record<string, number> = Object.create(null) as Record<string, number>;
  for (const { reason, count } of result.skippedByReason) skipped[reason] = count;
  return { rows, skipped };
}
