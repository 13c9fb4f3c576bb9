/** What the reducer's table tests share: scenarios, slots and a page already running. */
import { parseScenarioText, scenarioToJson } from '../../../src/state/persistence.ts';
import { initialPersistState, reduceAll } from '../../../src/state/persistence/reducer.ts';
import type {
  PersistEffect,
  PersistEvent,
  PersistState,
  Slot,
} from '../../../src/state/persistence/types.ts';
import { DEFAULT_SCENARIO, type ScenarioData } from '../../../src/model/scenario.ts';

export const withOutput = (outputTokens: number): ScenarioData => ({
  ...DEFAULT_SCENARIO,
  gate: { ...DEFAULT_SCENARIO.gate, outputTokens },
});
export const slot = (raw: string): Slot => ({ raw, parsed: parseScenarioText(raw) });
export const saved = (tokens: number) => slot(scenarioToJson(withOutput(tokens)));

/** A page whose persistence module is loaded and which has nothing pending. */
export const running: PersistState = { ...initialPersistState, started: true, loaded: true };

export const types = (effects: readonly PersistEffect[]) => effects.map((e) => e.type);
export const step = (state: PersistState, ...events: PersistEvent[]) => reduceAll(state, events);
