/**
 * The figures of the traffic other tabs use: its rates per day,
 * its tool outputs as a gate population with the priors fitted to them
 * (SPEC §10, last paragraph; §2.1), and the TTL question. Runs in the import
 * worker; only these small objects cross to the main thread.
 */
import type { PopulationOutput } from '../../core/population.ts';
import type { PricingTable } from '../../core/pricing.ts';
import { billTrace, toolOutputPopulation, type TraceCall } from '../../core/traces/index.ts';
import { analyseTtl } from './traffic-ttl.ts';
import type { CrossTabPriors, CrossTabRates, TrafficCrossFigures } from './traffic-types.ts';

const DAY_SECONDS = 86_400;

/** The middle value of `values` (the mean of the two middle ones for an even count); NaN when empty. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * The gate's priors fitted to a population: the median size and the spread
 * (standard deviation of ln size, over the outputs of more than 0 tokens),
 * and the median horizon. `undefined` when no output has a size above 0.
 */
export function fitPriors(population: readonly PopulationOutput[]): CrossTabPriors | undefined {
  const sized = population.filter((o) => o.sizeTokens > 0);
  if (sized.length === 0) return undefined;
  const logs = sized.map((o) => Math.log(o.sizeTokens));
  const mean = logs.reduce((sum, x) => sum + x, 0) / logs.length;
  const variance = logs.reduce((sum, x) => sum + (x - mean) ** 2, 0) / logs.length;
  return {
    outputs: population.length,
    medianTokens: median(sized.map((o) => o.sizeTokens)),
    sigma: Math.sqrt(variance),
    medianHorizon: median(population.map((o) => o.horizon ?? 0)),
  };
}

/**
 * The first and last dated call, and the days between them (at least 1);
 * an undated call (SPEC §13.1) has no place on the time line.
 */
export function trafficSpan(calls: readonly TraceCall[]): {
  readonly firstAt: number | undefined;
  readonly lastAt: number | undefined;
  readonly spanDays: number;
} {
  let firstAt: number | undefined;
  let lastAt: number | undefined;
  for (const call of calls) {
    if (call.at === null) continue;
    if (firstAt === undefined || call.at < firstAt) firstAt = call.at;
    if (lastAt === undefined || call.at > lastAt) lastAt = call.at;
  }
  const spanSeconds = firstAt === undefined || lastAt === undefined ? 0 : lastAt - firstAt;
  return { firstAt, lastAt, spanDays: Math.max(1, spanSeconds / DAY_SECONDS) };
}

/** Every figure of the traffic that the gate, routing and budget tabs and the report use. */
export function crossTabFigures(
  calls: readonly TraceCall[],
  pricing: PricingTable,
): TrafficCrossFigures {
  const conversations = new Set(calls.map((call) => call.conversationId));
  const population = toolOutputPopulation(calls).map((o) => ({
    sizeTokens: o.sizeTokens,
    horizon: o.horizon,
  }));
  const { firstAt, lastAt, spanDays } = trafficSpan(calls);
  const billed = billTrace(calls, pricing);
  const t = billed.totals;
  const byModelUsdPerDay: Record<string, number> = Object.create(null) as Record<string, number>;
  for (const [model, usd] of billed.byModel) byModelUsdPerDay[model] = usd.totalUsd / spanDays;
  const rates: CrossTabRates = {
    spanDays,
    conversationsPerDay: conversations.size / spanDays,
    callsPerDay: calls.length / spanDays,
    toolOutputsPerDay: population.length / spanDays,
    asBilledUsdPerDay: t.totalUsd / spanDays,
    promptsUsdPerDay:
      (t.inputUsd + t.cacheReadUsd + t.cacheWrite5mUsd + t.cacheWrite1hUsd) / spanDays,
    byModelUsdPerDay,
  };
  return {
    calls: calls.length,
    conversations: conversations.size,
    firstAt,
    lastAt,
    asBilledUsd: billed.totals.totalUsd,
    rates,
    priors: fitPriors(population),
    population,
    ttl: analyseTtl(calls, pricing),
  };
}
