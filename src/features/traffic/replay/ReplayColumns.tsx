import type { ReplayColumn, ReplayOutcome } from '../../../engine/traces/traffic-types.ts';
import { DataTable, type DataColumn } from '../../../ui/DataTable.tsx';
import { formatPercent, formatPlain, formatUsd } from '../../../ui/format.ts';
import { changeText } from './change-text.ts';
import { modelsShown } from '../models-shown.ts';
import { plural } from '../plural.ts';
import { isolatedName } from '../../../format/bidi.ts';

/** A row of the table: a figure of each column, or (without `value`) the change against as billed. */
interface Row {
  readonly label: string;
  readonly value?: (c: ReplayColumn) => string;
}

const ROWS: readonly Row[] = [
  { label: 'Total', value: (c) => formatUsd(c.totalUsd) },
  { label: 'Plain input', value: (c) => formatUsd(c.inputUsd) },
  { label: 'Cache reads', value: (c) => formatUsd(c.cacheReadUsd) },
  { label: 'Cache writes', value: (c) => formatUsd(c.cacheWriteUsd) },
  { label: 'Output', value: (c) => formatUsd(c.outputUsd) },
  { label: 'Server-tool fees', value: (c) => formatUsd(c.toolFeesUsd) },
  { label: 'Cache-hit rate', value: (c) => formatPercent(c.cacheHitShare, 1) },
  { label: 'Calls priced', value: (c) => formatPlain(c.calls) },
];

/** The rows to show: the fees' only when some column has any (the parts then add up to the total). */
function rowsFor(columns: readonly ReplayColumn[]): readonly Row[] {
  return columns.some((c) => c.toolFeesUsd > 0)
    ? ROWS
    : ROWS.filter((r) => r.label !== 'Server-tool fees');
}

/** As billed, as run and the replay side by side, and the change the choice makes. */
export function ReplayColumns({ outcome }: { outcome: ReplayOutcome }) {
  const { asBilled, asRun, replay } = outcome;
  const columns = [
    ['As billed', asBilled],
    ['As run', asRun],
    ['Replay', replay],
  ] as const;
  return (
    <>
      <p role="status" className="traffic-total">
        Replay: {formatUsd(replay.totalUsd)}, {changeText(asBilled.totalUsd, replay.totalUsd)}{' '}
        against as billed
      </p>
      {outcome.changesNothing ? (
        <p className="note">
          This choice changes nothing, so the replay is the traffic as run (the simulator&apos;s
          view of what happened): its {changeText(asBilled.totalUsd, replay.totalUsd)} against as
          billed is where the simulator&apos;s cache rules differ from the bill (see the calibration
          above), not what any choice would save or cost. Choose a model or a TTL to see what it
          changes.
        </p>
      ) : (
        <p className="note">
          Against as run (the simulator&apos;s view of what happened, so the choice alone):{' '}
          {changeText(asRun.totalUsd, replay.totalUsd)}.
        </p>
      )}
      <DataTable
        caption={`As billed, as run and the replay of ${formatPlain(outcome.scopeCalls)} ${outcome.scopeCalls === 1 ? 'call' : 'calls'} in ${formatPlain(outcome.scopeConversations)} ${outcome.scopeConversations === 1 ? 'conversation' : 'conversations'}`}
        captionShown
        className="replay-columns"
        columns={[
          { key: 'cost', header: 'Cost', cell: (row) => row.label, rowHeader: true },
          ...columns.map(([label, column], j): DataColumn<Row> => ({
            key: label,
            header: label,
            cell: (row) =>
              row.value === undefined
                ? j === 0
                  ? '—'
                  : changeText(asBilled.totalUsd, column.totalUsd)
                : row.value(column),
          })),
        ]}
        rows={[...rowsFor(columns.map(([, c]) => c)), { label: 'Change against as billed' }]}
        rowKey={(row) => row.label}
        scroll={{}}
      />
      {asRun.inputUsd !== asBilled.inputUsd ? (
        <p className="note">
          Plain input, as run and replay: a replayed call whose prompt its row caches writes all of
          the prompt past the cached prefix as a cache write and sends none as plain input (SPEC
          §11), so plain input is {formatUsd(asRun.inputUsd)} as run where the bill had{' '}
          {formatUsd(asBilled.inputUsd)}.
        </p>
      ) : null}
      {outcome.leftOut.length > 0 || outcome.leftOutOthers !== undefined ? (
        <p className="note">
          Left out of the replay (no price row for the target): {leftOutWords(outcome)}.
        </p>
      ) : null}
    </>
  );
}

/** Left-out models named in the sentence; the others are counted (a trace can name thousands). */
const LEFT_OUT_NAMED = 10;

function leftOutWords({ leftOut, leftOutOthers }: ReplayOutcome): string {
  // The models with the most calls are the ones named.
  const byCalls = [...leftOut].sort((a, b) => b.calls - a.calls);
  const view = modelsShown(byCalls, (l) => l.model, '', LEFT_OUT_NAMED);
  const named = view.shown
    .map((l) => `${isolatedName(l.model)} (${plural(l.calls, 'call')})`)
    .join(', ');
  const models = view.others + (leftOutOthers?.models ?? 0);
  if (models === 0) return named;
  const calls = view.otherCalls + (leftOutOthers?.calls ?? 0);
  return `${named} and ${plural(models, 'other model')} (${plural(calls, 'call')})`;
}
