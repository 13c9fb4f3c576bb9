/** The prompt-budget explorer's inputs: the prompt's rows, the budget, the estimator, and their defaults. */

/** Volatility tiers, most stable first: the tier places a row in the compiled order. */
export const TIERS = ['stable', 'session', 'perTurn'] as const;
export type Tier = (typeof TIERS)[number];

/** One prompt contribution as the editor holds it. */
export interface BudgetEditorRow {
  readonly contributionId: string;
  /** Section label, such as "system" or "retrieved". */
  readonly section: string;
  readonly tier: Tier;
  /** Tokens as typed, or as estimated from `text` when `text` is not null. */
  readonly tokens: number;
  /** Pasted text whose estimate gives the tokens; null when tokens are typed. */
  readonly text: string | null;
  readonly pinned: boolean;
}

/** A section budget nested under the prompt budget; null = unbounded. */
export interface SectionBudget {
  readonly section: string;
  readonly maxTotalTokens: number | null;
}

export interface BudgetState {
  readonly rows: readonly BudgetEditorRow[];
  /** Budget, tokens (ignored while unbounded). */
  readonly maxTotalTokens: number;
  readonly unbounded: boolean;
  readonly charsPerToken: number;
  readonly sectionBudgets: readonly SectionBudget[];
  /** How far off the chars-per-token estimate may be, percent. */
  readonly estimatorErrorPct: number;
  /** Which rows the estimator error band scales: every row, or only rows estimated from text. */
  readonly errorScope: ErrorScope;
  /** Prompts per day for the volume line; null = the traffic's rate, else a stated default. */
  readonly volumePerDay: number | null;
  /** The model the volume line prices the admitted prompt on (as plain input). */
  readonly volumeModel: string;
}

/** Rows the estimator error band applies to. */
export type ErrorScope = 'all' | 'estimated';

export const TYPICAL_PROMPT_ROWS: readonly BudgetEditorRow[] = [
  {
    contributionId: 'system',
    section: 'system',
    tier: 'stable',
    tokens: 1_200,
    text: null,
    pinned: true,
  },
  {
    contributionId: 'tools',
    section: 'tools',
    tier: 'stable',
    tokens: 2_400,
    text: null,
    pinned: true,
  },
  {
    contributionId: 'persona',
    section: 'persona',
    tier: 'stable',
    tokens: 600,
    text: null,
    pinned: false,
  },
  {
    contributionId: 'memory',
    section: 'memory',
    tier: 'session',
    tokens: 900,
    text: null,
    pinned: false,
  },
  {
    contributionId: 'retrieved-docs',
    section: 'retrieved',
    tier: 'session',
    tokens: 3_500,
    text: null,
    pinned: false,
  },
  {
    contributionId: 'history',
    section: 'history',
    tier: 'session',
    tokens: 5_000,
    text: null,
    pinned: false,
  },
  {
    contributionId: 'turn-hint',
    section: 'hint',
    tier: 'perTurn',
    tokens: 300,
    text: null,
    pinned: false,
  },
];

export const DEFAULT_BUDGET: BudgetState = {
  rows: TYPICAL_PROMPT_ROWS,
  maxTotalTokens: 10_000,
  unbounded: false,
  charsPerToken: 4,
  sectionBudgets: [],
  estimatorErrorPct: 20,
  errorScope: 'all',
  volumePerDay: null,
  volumeModel: 'claude-sonnet-4-5',
};
