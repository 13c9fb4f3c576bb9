import { useShareStore } from '../../../src/features/share/share-store.ts';
import { useScenarioPersistence } from '../../../src/features/share/use-scenario-persistence.ts';
import { DEFAULT_UI } from '../../../src/model/ui.ts';
import { DEFAULT_SCENARIO } from '../../../src/model/scenario.ts';
import { useAppStore } from '../../../src/state/store.ts';

/** Fresh store, storage and address for each test. */
export function resetEverything(hash = ''): void {
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', `/${hash}`);
  useAppStore.setState({ ...DEFAULT_SCENARIO, ui: DEFAULT_UI });
  useShareStore.setState({
    notice: null,
    undo: null,
    pinnedA: null,
    compareOpen: false,
    reportOpen: false,
  });
}

/** Shows a few inputs as text, so tests can assert what a user would see change. */
export function Probe({ persist = false }: { persist?: boolean }) {
  return persist ? <PersistingProbe /> : <Values />;
}

function PersistingProbe() {
  useScenarioPersistence();
  return <Values />;
}

function Values() {
  const outputTokens = useAppStore((s) => s.gate.outputTokens);
  const tab = useAppStore((s) => s.ui.tab);
  const strategy = useAppStore((s) => s.routing.scenario.strategy.kind);
  return (
    <dl>
      <dt>Probe output tokens</dt>
      <dd data-testid="output-tokens">{outputTokens}</dd>
      <dt>Probe tab</dt>
      <dd data-testid="tab">{tab}</dd>
      <dt>Probe strategy</dt>
      <dd data-testid="strategy">{strategy}</dd>
    </dl>
  );
}

/** A hand-made link hash for a scenario object. */
export function jsonHash(value: unknown): string {
  return `#json=${encodeURIComponent(JSON.stringify(value))}`;
}
