/**
 * Large results as they cross from the import worker to the page. Structured
 * clone deserialises object by object on the receiving (main) thread:
 * 30,000 tool outputs or 3,000 replayed hops are one task of 30–70 ms there.
 * The tool-output population crosses as two transferred Float64Arrays, and
 * the replay's hops as one JSON string (a string is copied at once, and
 * `JSON.parse` builds the objects several times faster than the clone);
 * so does the analysis's list of models seen, which a trace naming 100,000
 * models makes 14.7 MB, in parts the page unpacks one task at a time.
 * Unpacking gives back the same objects, key for key.
 */
import type { HopRecord } from '../../core/routing/types.ts';
import type {
  ModelSeen,
  ReplayOutcome,
  TrafficAnalysis,
  TrafficCrossFigures,
} from './traffic-types.ts';

/** The cross-tab figures with the tool-output population as two columns. */
export interface PackedCrossFigures extends Omit<TrafficCrossFigures, 'population'> {
  readonly populationSizes: Float64Array;
  readonly populationHorizons: Float64Array;
}

/** Packs `figures`' population into columns (transfer their buffers). */
export function packCrossFigures(figures: TrafficCrossFigures): PackedCrossFigures {
  const { population, ...rest } = figures;
  const populationSizes = new Float64Array(population.length);
  const populationHorizons = new Float64Array(population.length);
  population.forEach((p, i) => {
    populationSizes[i] = p.sizeTokens;
    populationHorizons[i] = p.horizon;
  });
  return { ...rest, populationSizes, populationHorizons };
}

/** The figures `packCrossFigures` packed. */
export function unpackCrossFigures(packed: PackedCrossFigures): TrafficCrossFigures {
  const { populationSizes, populationHorizons, ...rest } = packed;
  const population = Array.from(populationSizes, (sizeTokens, i) => ({
    sizeTokens,
    horizon: populationHorizons[i]!,
  }));
  return { ...rest, population };
}

/** A replay outcome with its timeline's hops as JSON (when JSON keeps every value). */
export type PackedReplayOutcome =
  | { readonly packed: false; readonly outcome: ReplayOutcome }
  | {
      readonly packed: true;
      readonly outcome: Omit<ReplayOutcome, 'timeline'>;
      readonly hopsJson: string;
      readonly totalCalls: number;
    };

/** True when JSON gives `hops` back as they are: finite numbers, strings, booleans, no holes. */
function jsonSafe(hops: readonly HopRecord[]): boolean {
  for (const hop of hops) {
    for (const value of Object.values(hop) as unknown[]) {
      if (
        typeof value === 'number'
          ? !Number.isFinite(value)
          : typeof value !== 'string' && typeof value !== 'boolean'
      )
        return false;
    }
  }
  return true;
}

/** Packs `outcome`'s timeline hops as JSON. */
export function packReplayOutcome(outcome: ReplayOutcome): PackedReplayOutcome {
  const { timeline, ...rest } = outcome;
  if (!jsonSafe(timeline.hops)) return { packed: false, outcome };
  return {
    packed: true,
    outcome: rest,
    hopsJson: JSON.stringify(timeline.hops),
    totalCalls: timeline.totalCalls,
  };
}

/** The outcome `packReplayOutcome` packed. */
export function unpackReplayOutcome(packed: PackedReplayOutcome): ReplayOutcome {
  if (!packed.packed) return packed.outcome;
  const hops = JSON.parse(packed.hopsJson) as HopRecord[];
  return { ...packed.outcome, timeline: { hops, totalCalls: packed.totalCalls } };
}

// A model seen as JSON: name, calls, its tokens by kind, its price row (null: unpriced).
type ModelRow = [string, number, number, number, number, number, number, string | null];

/**
 * Models seen per JSON part: the page parses and builds one part per task
 * (100,000 models in one went were a task of about 140 ms).
 */
export const MODELS_PER_PART = 5_000;

/** An analysis with its models seen as JSON rows, in parts (when JSON keeps every value). */
export type PackedTrafficAnalysis =
  | { readonly packed: false; readonly analysis: TrafficAnalysis }
  | {
      readonly packed: true;
      readonly analysis: Omit<TrafficAnalysis, 'models'>;
      readonly modelsJson: readonly string[];
    };

function modelRow(m: ModelSeen): ModelRow {
  const t = m.tokens;
  return [
    m.name,
    m.calls,
    t.inputTokens,
    t.cacheReadTokens,
    t.cacheWrite5mTokens,
    t.cacheWrite1hTokens,
    t.outputTokens,
    m.priceRow ?? null,
  ];
}

/** Packs `analysis`'s models seen as JSON rows. */
export function packTrafficAnalysis(analysis: TrafficAnalysis): PackedTrafficAnalysis {
  const { models, ...rest } = analysis;
  const rows = models.map(modelRow);
  const safe = rows.every((row) => row.every((v) => typeof v !== 'number' || Number.isFinite(v)));
  if (!safe) return { packed: false, analysis };
  const modelsJson: string[] = [];
  for (let i = 0; i < rows.length; i += MODELS_PER_PART) {
    modelsJson.push(JSON.stringify(rows.slice(i, i + MODELS_PER_PART)));
  }
  return { packed: true, analysis: rest, modelsJson };
}

/**
 * Lets the page run between two parts: a message to itself, which a hidden
 * tab does not throttle as it does a timer.
 */
export function nextTask(): Promise<void> {
  if (typeof MessageChannel !== 'function') return Promise.resolve();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** The analysis `packTrafficAnalysis` packed; `between` runs before each part after the first. */
export async function unpackTrafficAnalysis(
  packed: PackedTrafficAnalysis,
  between: () => Promise<void> = nextTask,
): Promise<TrafficAnalysis> {
  if (!packed.packed) return packed.analysis;
  const models: ModelSeen[] = [];
  for (const [i, part] of packed.modelsJson.entries()) {
    if (i > 0) await between();
    for (const [name, calls, input, read, write5m, write1h, output, row] of JSON.parse(
      part,
    ) as ModelRow[]) {
      models.push({
        name,
        calls,
        tokens: {
          inputTokens: input,
          cacheReadTokens: read,
          cacheWrite5mTokens: write5m,
          cacheWrite1hTokens: write1h,
          outputTokens: output,
        },
        priceRow: row ?? undefined,
      });
    }
  }
  return { ...packed.analysis, models };
}
