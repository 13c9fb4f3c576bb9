import { useEffect } from 'react';
import { startScenarioPersistence } from './persistence/runner.ts';

export { startScenarioPersistence } from './persistence/runner.ts';
export {
  hasSomethingToRestore,
  loadPersistence,
  PINNED_KEY,
  SAVE_DEBOUNCE_MS,
  SAVED_KEY,
  SAVED_VERSION,
  saveScenarioQuickly,
} from './persistence-helpers.ts';

/**
 * Keeps the scenario across reloads and links: call once, in the app shell.
 * See `startScenarioPersistence` (persistence/runner.ts) and the reducer it
 * runs (src/state/persistence/reducer.ts).
 */
export function useScenarioPersistence(): void {
  useEffect(() => startScenarioPersistence(), []);
}
