// Types of the benchmark's scenario generators, for the end-to-end specs that reuse them.

/** A scenario file whose routing conversation has `turnCount` turns of 1–6 hops. */
export function routingConversationScenario(turnCount?: number): object;

/** A scenario file with `rowCount` prompt rows and a budget of about half their tokens. */
export function budgetRowsScenario(rowCount?: number): object;

/** The benchmark's scenarios. */
export const SCENARIOS: readonly {
  readonly id: string;
  readonly title: string;
  readonly setUp: (page: unknown) => Promise<void>;
}[];
