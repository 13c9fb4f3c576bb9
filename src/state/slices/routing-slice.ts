import type { StateCreator } from 'zustand';
import type { RoutingScenario, SimHop, SimTurn } from '../../core/index.ts';
import type { AppState } from '../store.ts';

/** The conversations the lab starts from. */
export const ROUTING_PRESETS = ['support', 'coding', 'research'] as const;
export type RoutingPresetId = (typeof ROUTING_PRESETS)[number];

/** How the cache TTL was chosen; `custom` keeps a typed 300 or 3600 from snapping to a preset. */
export type CacheTtlChoice = 'fiveMinutes' | 'oneHour' | 'custom';

/** Settings of "generate N turns like this" (seeded, so the same settings give the same turns). */
export interface GeneratorSettings {
  /** Index (from 0) of the turn the generated ones are like. */
  readonly templateTurn: number;
  readonly turnCount: number;
  /** How far each number may stray from the template's, percent (uniform ±). */
  readonly spreadPct: number;
  readonly seed: number;
  /** Share of generated turns labelled complex, percent. */
  readonly complexSharePct: number;
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

export interface RoutingSlice {
  routing: RoutingState;
  /** Changes the scenario (the conversation or the routing); the preset becomes `custom`. */
  setRoutingScenario: (patch: Partial<RoutingScenario>) => void;
  /** Sets the cache TTL and how it was chosen. */
  setCacheTtl: (choice: CacheTtlChoice, cacheTtlSeconds: number) => void;
  setRoutingGenerator: (patch: Partial<GeneratorSettings>) => void;
  /** Sets the models added to the baselines. */
  setBaselineModels: (models: readonly string[]) => void;
  /** Sets the conversations per day of the volume line (null = the traffic's rate or the default). */
  setRoutingVolume: (volumePerDay: number | null) => void;
  /** Replaces the whole lab state (a preset); models added to the baselines stay unless it names its own. */
  loadRouting: (state: RoutingState) => void;
}

const hop = (
  outputTokens: number,
  thinkingTokens: number,
  toolResultTokens: number,
  latencySeconds: number,
  forcedTool: string | null = null,
): SimHop => ({ outputTokens, thinkingTokens, toolResultTokens, latencySeconds, forcedTool });

/**
 * A support turn: look the question up in the knowledge base, answer, then a
 * forced `log_ticket` call that a policy sends to a small model.
 */
const supportTurn = (
  gapSeconds: number,
  complexity: SimTurn['complexity'],
  userTokens: number,
  kbTokens: number,
): SimTurn => ({
  gapSeconds,
  userTokens,
  complexity,
  toolNames: ['search_kb', 'log_ticket'],
  hops: [hop(150, 600, kbTokens, 4), hop(350, 400, 0, 6), hop(60, 0, 40, 1, 'log_ticket')],
});

/** The support chat: short turns, long idle gaps, fixed Opus with a cheap ticket-logging policy. */
export const SUPPORT_CHAT_ROUTING: RoutingState = {
  scenario: {
    systemTokens: 8_000,
    cacheTtlSeconds: 300,
    thinkingInvalidatesCache: true,
    policies: [
      {
        id: 'log-ticket',
        when: { forcedTool: 'log_ticket' },
        model: { model: 'claude-haiku-4-5', thinking: false },
      },
    ],
    strategy: { kind: 'fixed', model: { model: 'claude-opus-4-6', thinking: false } },
    defaultModel: { model: 'claude-opus-4-6', thinking: false },
    turns: [
      supportTurn(0, 'simple', 120, 1_500),
      supportTurn(90, 'simple', 80, 1_200),
      supportTurn(150, 'complex', 260, 2_000),
      supportTurn(60, 'simple', 60, 900),
      supportTurn(240, 'simple', 150, 1_400),
      supportTurn(120, 'complex', 300, 2_200),
      supportTurn(45, 'simple', 90, 1_000),
      supportTurn(180, 'simple', 110, 1_300),
    ],
  },
  preset: 'support',
  cacheTtlChoice: 'fiveMinutes',
  generator: { templateTurn: 1, turnCount: 40, spreadPct: 40, seed: 1, complexSharePct: 25 },
};

export const DEFAULT_ROUTING: RoutingState = SUPPORT_CHAT_ROUTING;

export const createRoutingSlice: StateCreator<AppState, [], [], RoutingSlice> = (set) => ({
  routing: DEFAULT_ROUTING,
  setRoutingScenario: (patch) =>
    set((s) => ({
      routing: { ...s.routing, preset: 'custom', scenario: { ...s.routing.scenario, ...patch } },
    })),
  setCacheTtl: (cacheTtlChoice, cacheTtlSeconds) =>
    set((s) => ({
      routing: {
        ...s.routing,
        preset: 'custom',
        cacheTtlChoice,
        scenario: { ...s.routing.scenario, cacheTtlSeconds },
      },
    })),
  setRoutingGenerator: (patch) =>
    set((s) => ({ routing: { ...s.routing, generator: { ...s.routing.generator, ...patch } } })),
  setBaselineModels: (baselineModels) =>
    set((s) => ({ routing: { ...s.routing, baselineModels } })),
  setRoutingVolume: (volumePerDay) => set((s) => ({ routing: { ...s.routing, volumePerDay } })),
  loadRouting: (routing) =>
    set((s) => {
      const kept =
        routing.baselineModels === undefined && s.routing.baselineModels !== undefined
          ? { ...routing, baselineModels: s.routing.baselineModels }
          : routing;
      // A preset names no volume: a typed one stays (it is the user's rate, not the preset's).
      return {
        routing:
          kept.volumePerDay === undefined && s.routing.volumePerDay !== undefined
            ? { ...kept, volumePerDay: s.routing.volumePerDay }
            : kept,
      };
    }),
});
