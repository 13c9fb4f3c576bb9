import { scenarioToJson } from '../../state/persistence.ts';
import type { ScenarioData } from '../../model/scenario.ts';
import { downloadBlob } from '../../ui/download.ts';

/** File name of an exported scenario. */
export const EXPORT_FILE_NAME = 'context-cost-scenario.json';

/** Downloads a scenario as `context-cost-scenario.json` (versioned, pretty-printed). */
export function exportScenarioFile(data: ScenarioData): void {
  const json = scenarioToJson(data, true);
  downloadBlob(new Blob([json], { type: 'application/json' }), EXPORT_FILE_NAME);
}
