/**
 * The routing lab's starting conversations (its Preset select): a support
 * chat (short turns, long gaps; the store's default), a coding agent (long
 * tool loops) and a research agent (large tool outputs), generated from a
 * template turn with a fixed seed, so they are the same on every load.
 */
import type { SimHop, SimTurn } from '../core/index.ts';
import { generateTurns } from './generate-turns.ts';
import {
  DEFAULT_CLASSIFIER_USD,
  type GeneratorSettings,
  type RoutingPresetId,
  type RoutingState,
} from './routing.ts';

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

export interface RoutingPreset {
  readonly id: RoutingPresetId;
  /** What the Preset select shows. */
  readonly label: string;
  readonly build: () => RoutingState;
}

/** A coding turn: a forced `plan` call, a loop of reads, edits and test runs, then a summary. */
const CODING_TEMPLATE: SimTurn = {
  gapSeconds: 40,
  userTokens: 400,
  complexity: 'complex',
  toolNames: ['plan', 'read_file', 'apply_patch', 'run_tests'],
  hops: [
    hop(300, 2_000, 600, 8, 'plan'),
    hop(200, 1_200, 1_500, 5),
    hop(450, 1_500, 300, 7),
    hop(150, 800, 1_200, 20),
    hop(200, 1_200, 1_500, 5),
    hop(450, 1_500, 300, 7),
    hop(150, 800, 1_200, 20),
    hop(200, 1_000, 1_000, 5),
    hop(400, 1_200, 300, 6),
    hop(150, 800, 1_200, 20),
    hop(600, 1_000, 0, 10),
  ],
};

/** A research turn: a search, pages fetched whole, then a long answer. */
const RESEARCH_TEMPLATE: SimTurn = {
  gapSeconds: 420,
  userTokens: 250,
  complexity: 'complex',
  toolNames: ['web_search', 'fetch_page'],
  hops: [
    hop(150, 1_500, 5_000, 6, 'web_search'),
    hop(200, 1_000, 15_000, 15),
    hop(200, 1_000, 10_000, 15),
    hop(1_500, 3_000, 0, 40),
  ],
};

function generated(template: SimTurn, generator: GeneratorSettings): SimTurn[] {
  return generateTurns(template, generator);
}

const codingGenerator: GeneratorSettings = {
  templateTurn: 0,
  turnCount: 12,
  spreadPct: 40,
  seed: 7,
  complexSharePct: 60,
};

const researchGenerator: GeneratorSettings = {
  templateTurn: 0,
  turnCount: 6,
  spreadPct: 50,
  seed: 3,
  complexSharePct: 50,
};

/** The presets in the order the Preset select lists them. */
export const ROUTING_PRESET_LIST: readonly RoutingPreset[] = [
  {
    id: 'support',
    label: 'Support chat: short turns, long gaps',
    build: () => SUPPORT_CHAT_ROUTING,
  },
  {
    id: 'coding',
    label: 'Coding agent: long tool loops',
    build: () => ({
      preset: 'coding',
      cacheTtlChoice: 'fiveMinutes',
      generator: codingGenerator,
      scenario: {
        systemTokens: 12_000,
        cacheTtlSeconds: 300,
        thinkingInvalidatesCache: true,
        policies: [
          {
            id: 'patches-on-sonnet',
            when: { hop: { min: 1 }, toolAvailable: 'apply_patch', complexity: 'simple' },
            model: { model: 'claude-sonnet-4-5', thinking: false },
          },
        ],
        strategy: { kind: 'hopAware', model: 'claude-opus-4-6' },
        defaultModel: { model: 'claude-opus-4-6', thinking: false },
        turns: generated(CODING_TEMPLATE, codingGenerator),
      },
    }),
  },
  {
    id: 'research',
    label: 'Research agent: large tool outputs',
    build: () => ({
      preset: 'research',
      cacheTtlChoice: 'oneHour',
      generator: researchGenerator,
      scenario: {
        systemTokens: 6_000,
        cacheTtlSeconds: 3_600,
        thinkingInvalidatesCache: true,
        policies: [],
        strategy: {
          kind: 'complexity',
          complex: { model: 'claude-opus-4-6', thinking: true },
          simple: { model: 'claude-sonnet-4-5', thinking: false },
          classifierUsd: DEFAULT_CLASSIFIER_USD,
        },
        defaultModel: { model: 'claude-sonnet-4-5', thinking: false },
        turns: generated(RESEARCH_TEMPLATE, researchGenerator),
      },
    }),
  },
];

/** The preset with this id. */
export function routingPreset(id: RoutingPresetId): RoutingPreset {
  const preset = ROUTING_PRESET_LIST.find((p) => p.id === id);
  if (preset === undefined) throw new Error(`unknown routing preset ${id}`);
  return preset;
}
