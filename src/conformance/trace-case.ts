/**
 * The `trace` and `replay` vector kinds (SPEC §7, §10, §11): files read by
 * the trace reader, billed or replayed, and shaped as the vectors expect.
 */
import type { PricingTable } from '../core/pricing.ts';
import {
  billTrace,
  readTraceFiles,
  replayTrace,
  type ReplayPlan,
  type TraceInputFile,
} from '../core/traces/index.ts';

type Files = readonly TraceInputFile[];

// Tables keyed by any string (`__proto__` included): a null-prototype object.
function record<V, W>(map: ReadonlyMap<string, V>, value: (v: V) => W): Record<string, W> {
  const out = Object.create(null) as Record<string, W>;
  for (const [key, v] of map) out[key] = value(v);
  return out;
}

/** A `trace` case: `{ files, pricing }` → `{ calls, skipped, unpriced, billed }`. */
export function runTraceCase(input: Record<string, unknown>, pricing: PricingTable): unknown {
  const { calls, skipped, reported } = readTraceFiles(input['files'] as Files);
  const billed = billTrace(calls, pricing, reported);
  const usd = (cost: { readonly totalUsd: number }) => cost.totalUsd;
  const n = (count: number) => count;
  return {
    calls,
    skipped,
    unpriced: record(billed.unpriced, n),
    billed: {
      totalUsd: billed.totals.totalUsd,
      byModel: record(billed.byModel, usd),
      byConversation: record(billed.byConversation, usd),
      byDay: record(billed.byDay, usd),
      byProject: record(billed.byProject, usd),
      byBranch: record(billed.byBranch, usd),
      bySource: record(billed.bySource, usd),
      byKind: { tokens: billed.byKind.tokensUsd, 'tool fees': billed.byKind.toolFeesUsd },
      toolRequests: record(billed.toolRequests, n),
      unpricedToolRequests: record(billed.unpricedToolRequests, n),
    },
    reported: {
      totalCostUsd: reported.totalCostUsd,
      byConversation: record(reported.byConversation, n),
    },
  };
}

/** A `replay` case's plan: `asRun`, or `model` (one name or a mapping) and `ttlSeconds` (default 300). */
export function replayPlanOf(input: Record<string, unknown>): ReplayPlan {
  const model = input['model'];
  return input['asRun'] === true
    ? { kind: 'asRun' }
    : {
        kind: 'whatIf',
        ttlSeconds: (input['ttlSeconds'] as number | undefined) ?? 300,
        ...(typeof model === 'string'
          ? { model }
          : typeof model === 'object' && model !== null
            ? { model: new Map(Object.entries(model as Record<string, string>)) }
            : {}),
      };
}

/** A `replay` case: `{ files, pricing, model?, ttlSeconds?, asRun? }` → `{ totals, calibration? }`. */
export function runReplayCase(input: Record<string, unknown>, pricing: PricingTable): unknown {
  const { calls } = readTraceFiles(input['files'] as Files);
  const result = replayTrace(calls, pricing, replayPlanOf(input));
  let unpriced = 0;
  for (const count of result.leftOut.unpriced.values()) unpriced += count;
  const shaped = {
    totals: result.totals,
    leftOut: { unpriced, reconciling: result.leftOut.reconciling },
    unpricedToolRequests: record(result.unpricedToolRequests, (count) => count),
  };
  return result.calibration === undefined
    ? shaped
    : {
        ...shaped,
        calibration: {
          calls: result.calibration.calls,
          withinTwoPercent: result.calibration.withinTwoPercent,
        },
      };
}

/**
 * A `trace` case's expected value with its skip reasons left out: SPEC §7
 * compares only the file and line of a skipped record (reasons are free text).
 */
export function traceExpectation(expect: unknown): unknown {
  if (
    typeof expect !== 'object' ||
    expect === null ||
    !Array.isArray((expect as { skipped?: unknown }).skipped)
  ) {
    return expect;
  }
  const skipped = (expect as { skipped: unknown[] }).skipped.map((entry) => {
    if (typeof entry !== 'object' || entry === null) return entry;
    const { reason: _reason, ...where } = entry as Record<string, unknown>;
    return where;
  });
  return { ...expect, skipped };
}
