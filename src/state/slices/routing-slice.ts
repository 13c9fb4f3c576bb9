import type { StateCreator } from 'zustand';
import type { RoutingScenario, SimTurn } from '../../core/index.ts';
import type { AppState } from '../store.ts';

/** Everything the model-routing lab lets a user set. */
export interface RoutingState {
  readonly scenario: RoutingScenario;
}

export interface RoutingSlice {
  routing: RoutingState;
  setRoutingScenario: (patch: Partial<RoutingScenario>) => void;
}

const supportTurn = (gapSeconds: number, complexity: SimTurn['complexity']): SimTurn => ({
  gapSeconds,
  userTokens: 120,
  complexity,
  toolNames: ['search_kb'],
  hops: [
    {
      outputTokens: 250,
      thinkingTokens: 800,
      toolResultTokens: 1_500,
      latencySeconds: 4,
      forcedTool: null,
    },
    {
      outputTokens: 350,
      thinkingTokens: 0,
      toolResultTokens: 0,
      latencySeconds: 6,
      forcedTool: null,
    },
  ],
});

export const DEFAULT_ROUTING: RoutingState = {
  scenario: {
    systemTokens: 8_000,
    cacheTtlSeconds: 300,
    thinkingInvalidatesCache: true,
    policies: [],
    strategy: { kind: 'fixed', model: { model: 'claude-opus-4-6', thinking: false } },
    defaultModel: { model: 'claude-opus-4-6', thinking: false },
    turns: [
      supportTurn(0, 'simple'),
      supportTurn(90, 'simple'),
      supportTurn(120, 'complex'),
      supportTurn(60, 'simple'),
      supportTurn(240, 'simple'),
      supportTurn(100, 'complex'),
    ],
  },
};

export const createRoutingSlice: StateCreator<AppState, [], [], RoutingSlice> = (set) => ({
  routing: DEFAULT_ROUTING,
  setRoutingScenario: (patch) =>
    set((s) => ({ routing: { ...s.routing, scenario: { ...s.routing.scenario, ...patch } } })),
});
