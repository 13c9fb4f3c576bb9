/** The model-routing lab's inputs, and the seed's figures its strategies start from. */
import type { RoutingScenario } from '../core/index.ts';
import type { GenerateOptions } from './generate-turns.ts';

/** The conversations the lab starts from. */
export const ROUTING_PRESETS = ['support', 'coding', 'research'] as const;
export type RoutingPresetId = (typeof ROUTING_PRESETS)[number];

/** How the cache TTL was chosen; `custom` keeps a typed 300 or 3600 from snapping to a preset. */
export type CacheTtlChoice = 'fiveMinutes' | 'oneHour' | 'custom';

/** Settings of "generate N turns like this" (seeded, so the same settings give the same turns). */
export interface GeneratorSettings extends GenerateOptions {
  /** Index (from 0) of the turn the generated ones are like. */
  readonly templateTurn: number;
}

/** Everything the model-routing lab lets a user set. */
export interface RoutingState {
  readonly scenario: RoutingScenario;
  /** The preset the conversation was loaded from, or `custom` once edited. */
  readonly preset: RoutingPresetId | 'custom';
  readonly cacheTtlChoice: CacheTtlChoice;
  readonly generator: GeneratorSettings;
  /**
   * Models added to the baselines beyond the default table's chat models and
   * the scenario's own (absent = none): a large imported table is not priced
   * model by model unless asked.
   */
  readonly baselineModels?: readonly string[];
  /** Conversations per day for the volume line; null (or absent) = the traffic's rate, else a stated default. */
  readonly volumePerDay?: number | null;
}

/** The seed's figure for a small classifier call: "gpt-4.1-nano cost ~$0.002/turn". */
export const DEFAULT_CLASSIFIER_USD = 0.002;
/** The seed's sticky TTL: `TTL = timedelta(minutes=5)`. */
export const DEFAULT_STICKY_TTL_SECONDS = 300;
