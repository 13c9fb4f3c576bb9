import type { ReplayColumn, ReplayOutcome } from '../../../engine/traces/traffic-types.ts';
import { formatPercent, formatPlain, formatUsd } from '../../../ui/format.ts';
import { changeText } from './change-text.ts';

const ROWS: readonly { label: string; value: (c: ReplayColumn) => string }[] = [
  { label: 'Total', value: (c) => formatUsd(c.totalUsd) },
  { label: 'Plain input', value: (c) => formatUsd(c.inputUsd) },
  { label: 'Cache reads', value: (c) => formatUsd(c.cacheReadUsd) },
  { label: 'Cache writes', value: (c) => formatUsd(c.cacheWriteUsd) },
  { label: 'Output', value: (c) => formatUsd(c.outputUsd) },
  { label: 'Cache-hit rate', value: (c) => formatPercent(c.cacheHitShare, 1) },
  { label: 'Calls priced', value: (c) => formatPlain(c.calls) },
];

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
      <p className="note">
        Against as run (the simulator&apos;s view of what happened, so the choice alone):{' '}
        {changeText(asRun.totalUsd, replay.totalUsd)}.
      </p>
      <div className="table-wrap">
        <table className="data replay-columns">
          <caption>
            As billed, as run and the replay of {formatPlain(outcome.scopeCalls)}{' '}
            {outcome.scopeCalls === 1 ? 'call' : 'calls'} in{' '}
            {formatPlain(outcome.scopeConversations)}{' '}
            {outcome.scopeConversations === 1 ? 'conversation' : 'conversations'}
          </caption>
          <thead>
            <tr>
              <th scope="col">Cost</th>
              {columns.map(([label]) => (
                <th scope="col" key={label}>
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {ROWS.map((row) => (
              <tr key={row.label}>
                <th scope="row">{row.label}</th>
                {columns.map(([label, column]) => (
                  <td key={label}>{row.value(column)}</td>
                ))}
              </tr>
            ))}
            <tr>
              <th scope="row">Change against as billed</th>
              <td>—</td>
              <td>{changeText(asBilled.totalUsd, asRun.totalUsd)}</td>
              <td>{changeText(asBilled.totalUsd, replay.totalUsd)}</td>
            </tr>
          </tbody>
        </table>
      </div>
      {outcome.leftOut.length > 0 ? (
        <p className="note">
          Left out of the replay (no price row for the target):{' '}
          {outcome.leftOut.map((l) => `${l.model} (${formatPlain(l.calls)} calls)`).join(', ')}.
        </p>
      ) : null}
    </>
  );
}
