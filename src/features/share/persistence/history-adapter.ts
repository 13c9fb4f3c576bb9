/**
 * The history as persistence writes to it (history-api.ts: IndexedDB, else
 * local storage): each state reached, the work a link or a restore replaces,
 * and saves that cannot be read, kept as they are. The functions are given,
 * so a test can hand in its own. Never throws.
 */
import { MAX_SCENARIO_BYTES } from '../../../core/limits.ts';
import type { HistorySource } from '../../../state/history/model.ts';
import { versionedScenarioBytes, versionedScenarioJson } from '../../../state/scenario-json.ts';
import type { ScenarioData } from '../../../model/scenario.ts';
import { keepUnreadable, recordState, refreshHistory } from '../history-api.ts';
import { SAVED_VERSION } from '../persistence-helpers.ts';

/** What the history adapter needs of history-api.ts. */
export interface HistoryApi {
  recordState(data: ScenarioData, json: string, source: HistorySource): Promise<boolean>;
  keepUnreadable(json: string, reason: string): Promise<boolean>;
  refreshHistory(): Promise<void>;
}

export interface HistoryAdapter {
  /** A state as the history would keep it: its JSON, and whether a reload could read it. */
  snapshot(data: ScenarioData): { json: string; fits: boolean };
  /** Records a state reached. */
  record(data: ScenarioData, json: string, source: HistorySource): void;
  /** Records a state about to be replaced, so it stays one click away (too large: not kept). */
  keepPrevious(data: ScenarioData): void;
  /** Keeps a save that cannot be read now, exactly as it is; resolves false when it could not be stored. */
  keepUnreadable(raw: string, reason: string): Promise<boolean>;
  /** Reads the entries again (another tab recorded one). */
  refresh(): void;
}

const realApi: HistoryApi = { recordState, keepUnreadable, refreshHistory };

export function createHistoryAdapter(api: HistoryApi = realApi): HistoryAdapter {
  const snapshot = (data: ScenarioData) => ({
    json: versionedScenarioJson(SAVED_VERSION, data),
    fits: versionedScenarioBytes(SAVED_VERSION, data) <= MAX_SCENARIO_BYTES,
  });
  return {
    snapshot,
    record: (data, json, source) => void api.recordState(data, json, source),
    keepPrevious(data) {
      const { json, fits } = snapshot(data);
      if (fits) void api.recordState(data, json, 'saved');
    },
    keepUnreadable: (raw, reason) => api.keepUnreadable(raw, reason).catch(() => false),
    refresh: () => void api.refreshHistory().catch(() => undefined),
  };
}
