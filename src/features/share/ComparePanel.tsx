import { useId } from 'react';
import { useValue } from '../../state/derive.ts';
import { selectScenario, useAppStore } from '../../state/store.ts';
import { type ScenarioData } from '../../model/scenario.ts';
import {
  comparisonRows,
  comparisonStatus,
  fateDiffGroups,
  fateDiffs,
  inputDiffGroups,
  inputDiffs,
} from './compare-nodes.ts';
import type { FateDifference } from './fate-diff.ts';
import type { InputDifference } from './scenario-diff.ts';
import { useShareStore } from './share-store.ts';
import { DataTable, type DataColumn } from '../../ui/DataTable.tsx';
import type { ComparisonRow } from './compare-rows.ts';
import { CompareTraffic, FigureRows } from './CompareTraffic.tsx';
import { useCompareTraffic } from './use-compare-traffic.ts';

const figureClass = (row: ComparisonRow) => (row.numeric ? 'compare-figure' : undefined);

const FIGURE_COLUMNS: readonly DataColumn<ComparisonRow>[] = [
  { key: 'figure', header: 'Figure', cell: (row) => row.label, rowHeader: true },
  {
    key: 'a',
    header: 'A (pinned)',
    cell: (row) => row.a,
    className: figureClass,
    isolate: (row) => !row.numeric,
  },
  {
    key: 'b',
    header: 'B (current)',
    cell: (row) => row.b,
    className: figureClass,
    isolate: (row) => !row.numeric,
  },
  { key: 'difference', header: 'B − A', cell: (row) => row.difference },
];

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
  // Every figure and difference is a node of the graph (compare-nodes.ts):
  // B's are recomputed per part as B changes, A's only when A is pinned.
  const rows = useValue(comparisonRows);
  const inputs = useValue(inputDiffs);
  const fates = useValue(fateDiffs);
  const inputGroups = useValue(inputDiffGroups);
  const fateGroups = useValue(fateDiffGroups);
  const status = useValue(comparisonStatus);
  const traffic = useCompareTraffic(pinned);
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
        {traffic === null ? status : `${status} ${traffic.status}`}
      </p>

      <section aria-labelledby={`${id}-in`} className="compare-section">
        <h3 id={`${id}-in`}>Inputs that differ</h3>
        {inputs.length === 0 ? (
          <p className="note">None: change anything in the explorer to compare B with A.</p>
        ) : (
          inputGroups.map(([group, lines]) => (
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
          fateGroups.map(([group, lines]) => (
            <DiffTable key={group} caption={`${group} outcomes`} head="Outcome" rows={lines} />
          ))
        )}
      </section>

      <section aria-labelledby={`${id}-fig`} className="compare-section">
        <h3 id={`${id}-fig`}>Headline figures</h3>
        <FigureRows columns={FIGURE_COLUMNS} rows={rows} label="Headline figures of A and B" />
      </section>

      <CompareTraffic comparison={traffic} columns={FIGURE_COLUMNS} />
    </aside>
  );
}
