/**
 * The figures of the "Your traffic" tab, derived from the stored calls and
 * the current price table: the summary, the as-billed cost (SPEC §10) by
 * conversation, model and UTC day, and the as-run calibration (SPEC §11).
 * Runs in the import worker, next to the calls.
 */
import { findPriceRow } from '../../core/model-names.ts';
import type { PricingTable } from '../../core/pricing.ts';
import {
  billTrace,
  DIFFERENCE_CAUSE_TEXT,
  replayTrace,
  dayKeyOf,
  type BilledUsd,
  type TraceCall,
} from '../../core/traces/index.ts';
import {
  MAX_CALIBRATION_POINTS,
  MAX_LISTED_CONVERSATIONS,
  type BilledRow,
  type CalibrationPoint,
  type ModelSeen,
  type TrafficAnalysis,
  type TrafficCalibration,
} from './traffic-types.ts';

function count(map: Map<string, number>, key: string): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

function rowsOf(
  costs: ReadonlyMap<string, BilledUsd>,
  calls: ReadonlyMap<string, number>,
): BilledRow[] {
  return [...costs].map(([key, cost]) => ({ key, calls: calls.get(key) ?? 0, ...cost }));
}

function calibrationOf(calls: readonly TraceCall[], pricing: PricingTable): TrafficCalibration {
  const replay = replayTrace(calls, pricing, { kind: 'asRun' });
  const calibration = replay.calibration!;
  const within = (predicted: number, logged: number, prompt: number) =>
    Math.abs(logged - predicted) <= 0.02 * prompt;
  const all = replay.calls;
  const stride = Math.max(1, Math.ceil(all.length / MAX_CALIBRATION_POINTS));
  const points: CalibrationPoint[] = [];
  const listed = new Set(
    calibration.largestDifferences.map((d) => `${d.conversationId}\n${d.callId}`),
  );
  all.forEach((call, index) => {
    if (index % stride !== 0 && !listed.has(`${call.conversationId}\n${call.callId}`)) return;
    points.push({
      predictedCachedTokens: call.cachedTokens,
      loggedCacheReadTokens: call.loggedCacheReadTokens,
      promptTokens: call.promptTokens,
      within: within(call.cachedTokens, call.loggedCacheReadTokens, call.promptTokens),
    });
  });
  return {
    calls: calibration.calls,
    withinTwoPercent: calibration.withinTwoPercent,
    share: calibration.share,
    largestDifferences: calibration.largestDifferences.map((d) => ({
      ...d,
      causeText: DIFFERENCE_CAUSE_TEXT[d.cause],
    })),
    points,
    pointsSampled: stride > 1,
  };
}

/** Every figure the tab shows for `calls` (by time, as stored) under `pricing`. */
export function analyseTraffic(
  calls: readonly TraceCall[],
  pricing: PricingTable,
): TrafficAnalysis {
  const billed = billTrace(calls, pricing);
  const conversations = new Set<string>();
  const byModelName = new Map<string, number>();
  const rowNames = new Map<string, string | undefined>();
  const modelCalls = new Map<string, number>();
  const conversationCalls = new Map<string, number>();
  const dayCalls = new Map<string, number>();
  let sidechainCalls = 0;
  let inputTokens = 0;
  let cacheReadTokens = 0;
  let cacheWrite5mTokens = 0;
  let cacheWrite1hTokens = 0;
  let outputTokens = 0;
  let firstAt: number | undefined;
  let lastAt: number | undefined;
  for (const call of calls) {
    conversations.add(call.conversationId);
    count(byModelName, call.model);
    if (!rowNames.has(call.model))
      rowNames.set(call.model, findPriceRow(pricing, call.model)?.model);
    const row = rowNames.get(call.model);
    if (row !== undefined) {
      count(modelCalls, row);
      count(conversationCalls, call.conversationId);
      count(dayCalls, dayKeyOf(call.at));
    }
    if (call.sidechain) sidechainCalls += 1;
    inputTokens += call.inputTokens;
    cacheReadTokens += call.cacheReadTokens;
    cacheWrite5mTokens += call.cacheWrite5mTokens;
    cacheWrite1hTokens += call.cacheWrite1hTokens;
    outputTokens += call.outputTokens;
    // An undated call (SPEC §13.1) has no place on the time line.
    if (call.at !== null) {
      if (firstAt === undefined || call.at < firstAt) firstAt = call.at;
      if (lastAt === undefined || call.at > lastAt) lastAt = call.at;
    }
  }
  const models: ModelSeen[] = [...byModelName]
    .map(([name, n]) => ({ name, calls: n, priceRow: rowNames.get(name) }))
    .sort((a, b) => b.calls - a.calls || (a.name < b.name ? -1 : 1));
  const byConversation = rowsOf(billed.byConversation, conversationCalls).sort(
    (a, b) => b.totalUsd - a.totalUsd,
  );
  let unpricedCalls = 0;
  for (const n of billed.unpriced.values()) unpricedCalls += n;
  const calibration = billed.pricedCalls > 0 ? calibrationOf(calls, pricing) : undefined;
  return {
    calls: calls.length,
    conversations: conversations.size,
    sidechainCalls,
    firstAt,
    lastAt,
    tokens: { inputTokens, cacheReadTokens, cacheWrite5mTokens, cacheWrite1hTokens, outputTokens },
    models,
    billed: {
      totals: billed.totals,
      pricedCalls: billed.pricedCalls,
      unpricedCalls,
      byModel: rowsOf(billed.byModel, modelCalls).sort((a, b) => b.totalUsd - a.totalUsd),
      byConversation: byConversation.slice(0, MAX_LISTED_CONVERSATIONS),
      pricedConversations: byConversation.length,
      byDay: rowsOf(billed.byDay, dayCalls).sort((a, b) => (a.key < b.key ? -1 : 1)),
    },
    calibration,
  };
}
