import { useDeferredValue, useId, useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { selectScenario, useAppStore, type ScenarioData } from '../../state/store.ts';
import { DataTable, type DataColumn } from '../../ui/DataTable.tsx';
import { compareFigures, type ComparisonRow } from './compare-rows.ts';
import { headlineFigures } from '../../domain/headline-figures.ts';
import { fateDifferences, type FateDifference } from './fate-diff.ts';
import { GROUP_ORDER, inputDifferences, type InputDifference } from './scenario-diff.ts';
import { useShareStore } from './share-store.ts';

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

const FIGURE_COLUMNS: readonly DataColumn<ComparisonRow>[] = [
  { key: 'figure', header: 'Figure', cell: (row) => row.label, rowHeader: true },
  { key: 'a', header: 'A (pinned)', cell: (row) => row.a },
  { key: 'b', header: 'B (current)', cell: (row) => row.b },
  { key: 'difference', header: 'B − A', cell: (row) => row.difference },
];

/** Lines grouped by tab, in the tabs' order. */
function byGroup<T extends { group: string }>(lines: readonly T[]): [string, T[]][] {
  const groups = new Map<string, T[]>();
  for (const group of GROUP_ORDER) groups.set(group, []);
  for (const line of lines) groups.get(line.group)?.push(line);
  return [...groups].filter(([, items]) => items.length > 0);
}

function DiffTable({
  caption,
  head,
  rows,
}: {
  caption: string;
  head: string;
  rows: readonly (InputDifference | FateDifference)[];
}) {
  return (
    <DataTable
      caption={caption}
      captionShown
      className="compare-table"
      columns={[
        {
          key: 'subject',
          header: head,
          cell: (row) => ('field' in row ? row.field : row.subject),
          rowHeader: true,
        },
        { key: 'a', header: 'A (pinned)', cell: (row) => row.a },
        { key: 'b', header: 'B (current)', cell: (row) => row.b },
      ]}
      rows={rows}
      rowKey={(_, i) => i}
    />
  );
}

/**
 * The pinned scenario A beside the current scenario B, in a column beside
 * the explorer (above it on narrow screens): every input that differs, every
 * outcome that differs (the gate's verdict, budget rows dropped in one and
 * kept in the other, hops routed to another model) and every headline
 * figure of both with the difference, updated as B changes.
 */
export default function ComparePanel({ pinned }: { pinned: ScenarioData }) {
  const id = useId();
  const current = useAppStore(useShallow(selectScenario));
  // Keep dragging smooth: B's figures may lag a frame behind the controls.
  const deferred = useDeferredValue(current);
  const figuresA = useMemo(() => headlineFigures(pinned), [pinned]);
  const figuresB = useMemo(() => headlineFigures(deferred), [deferred]);
  const rows = useMemo(() => compareFigures(figuresA, figuresB), [figuresA, figuresB]);
  const inputs = useMemo(
    () =>
      inputDifferences(
        pinned as unknown as Record<string, unknown>,
        deferred as unknown as Record<string, unknown>,
      ),
    [pinned, deferred],
  );
  const fates = useMemo(
    () => fateDifferences(pinned, deferred, figuresA, figuresB),
    [pinned, deferred, figuresA, figuresB],
  );
  const changed = rows.filter((r) => r.changed).length;
  const { setCompareOpen, pinA, notify } = useShareStore.getState();

  return (
    <aside className="compare-column" aria-labelledby={`${id}-h`}>
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
        {inputs.length === 0
          ? 'B has the same inputs as A. '
          : `${plural(inputs.length, 'input differs', 'inputs differ')}; ${plural(fates.length, 'outcome differs', 'outcomes differ')}. `}
        {changed === 0
          ? 'B matches A on every headline figure.'
          : `${changed} of ${rows.length} headline figures differ.`}
      </p>

      <section aria-labelledby={`${id}-in`} className="compare-section">
        <h3 id={`${id}-in`}>Inputs that differ</h3>
        {inputs.length === 0 ? (
          <p className="note">None: change anything in the explorer to compare B with A.</p>
        ) : (
          byGroup(inputs).map(([group, lines]) => (
            <DiffTable key={group} caption={`${group} inputs`} head="Input" rows={lines} />
          ))
        )}
      </section>

      <section aria-labelledby={`${id}-out`} className="compare-section">
        <h3 id={`${id}-out`}>What happens differently</h3>
        {fates.length === 0 ? (
          <p className="note">
            The gate decides the same, the same budget rows are dropped and every hop uses the same
            model.
          </p>
        ) : (
          byGroup(fates).map(([group, lines]) => (
            <DiffTable key={group} caption={`${group} outcomes`} head="Outcome" rows={lines} />
          ))
        )}
      </section>

      <section aria-labelledby={`${id}-fig`} className="compare-section">
        <h3 id={`${id}-fig`}>Headline figures</h3>
        <DataTable
          className="compare-table"
          columns={FIGURE_COLUMNS}
          rows={rows}
          rowKey={(row) => row.id}
          rowClassName={(row) => (row.changed ? 'changed' : undefined)}
          scroll={{ label: 'Headline figures of A and B' }}
        />
      </section>
    </aside>
  );
}
