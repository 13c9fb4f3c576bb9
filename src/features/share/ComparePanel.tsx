import { useDeferredValue, useId, useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { selectScenario, useAppStore, type ScenarioData } from '../../state/store.ts';
import { compareFigures } from './compare-rows.ts';
import { headlineFigures } from '../../domain/headline-figures.ts';
import { useShareStore } from './share-store.ts';

/**
 * The pinned scenario A beside the current scenario B: every headline figure
 * of both and the difference, updated as B changes.
 */
export default function ComparePanel({ pinned }: { pinned: ScenarioData }) {
  const id = useId();
  const current = useAppStore(useShallow(selectScenario));
  // Keep dragging smooth: B's figures may lag a frame behind the controls.
  const deferred = useDeferredValue(current);
  const figuresA = useMemo(() => headlineFigures(pinned), [pinned]);
  const figuresB = useMemo(() => headlineFigures(deferred), [deferred]);
  const rows = useMemo(() => compareFigures(figuresA, figuresB), [figuresA, figuresB]);
  const changed = rows.filter((r) => r.changed).length;
  const { setCompareOpen, pinA, notify } = useShareStore.getState();

  return (
    <aside className="compare-dock" aria-labelledby={`${id}-h`}>
      <div className="compare-head">
        <h2 id={`${id}-h`}>Compare A (pinned) with B (current)</h2>
        <div className="row">
          <button
            type="button"
            onClick={() => {
              const before = selectScenario(useAppStore.getState());
              useAppStore.getState().loadScenario(pinned);
              notify(
                { kind: 'info', text: 'Loaded scenario A into the explorer.' },
                { label: 'Undo', data: before },
              );
            }}
          >
            Load A
          </button>
          <button type="button" onClick={() => pinA(null)}>
            Unpin A
          </button>
          <button type="button" onClick={() => setCompareOpen(false)}>
            Hide comparison
          </button>
        </div>
      </div>
      <p role="status" className="note">
        {changed === 0
          ? 'B matches A on every headline figure.'
          : `${changed} of ${rows.length} headline figures differ.`}
      </p>
      <div
        className="table-wrap"
        tabIndex={0}
        role="region"
        aria-label="Headline figures of A and B"
      >
        <table className="data compare-table">
          <thead>
            <tr>
              <th scope="col">Figure</th>
              <th scope="col">A (pinned)</th>
              <th scope="col">B (current)</th>
              <th scope="col">B − A</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} className={row.changed ? 'changed' : undefined}>
                <th scope="row">{row.label}</th>
                <td>{row.a}</td>
                <td>{row.b}</td>
                <td>{row.difference}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </aside>
  );
}
