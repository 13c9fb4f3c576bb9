import { memo, useId } from 'react';
import type { TrafficCalibration } from '../../engine/traces/traffic-types.ts';
import { DataTable, type DataColumn } from '../../ui/DataTable.tsx';
import { formatPercent, formatPlain, formatTokens } from '../../ui/format.ts';
import { CacheReadScatter } from './CacheReadScatter.tsx';
import type { ScatterView } from './scatter-view.ts';
import { utcMinute } from './time-text.ts';

const CALIBRATION_ASSUMPTIONS = [
  'replayed as run: each call on its own model',
  'a 1-hour cache TTL where the conversation wrote 1-hour tokens, else 5 minutes',
  'within 2 % means within 2 % of the call’s prompt',
];

type Difference = TrafficCalibration['largestDifferences'][number];

const DIFFERENCE_COLUMNS: readonly DataColumn<Difference>[] = [
  {
    key: 'conversation',
    header: 'Conversation',
    className: 'file-name',
    cell: (d) => d.conversationId,
  },
  { key: 'call', header: 'Call', className: 'file-name', cell: (d) => d.callId },
  { key: 'time', header: 'Time', cell: (d) => utcMinute(d.at) },
  { key: 'model', header: 'Model', cell: (d) => d.model },
  { key: 'predicted', header: 'Predicted', cell: (d) => formatTokens(d.predictedCachedTokens) },
  { key: 'logged', header: 'Logged', cell: (d) => formatTokens(d.loggedCacheReadTokens) },
  {
    key: 'difference',
    header: 'Difference',
    cell: (d) =>
      `${d.differenceTokens > 0 ? '+' : d.differenceTokens < 0 ? '\u2212' : ''}${formatTokens(Math.abs(d.differenceTokens))}`,
  },
  { key: 'cause', header: 'Likely cause', className: 'reason-cell', cell: (d) => d.causeText },
];
/** SPEC §11's as-run replay held against the logged cache reads: is the simulator right for this traffic? */
export const CalibrationSection = memo(function CalibrationSection({
  calibration,
  scatter,
}: {
  calibration: TrafficCalibration;
  /** The scatter of its points, worked out with the analysis. */
  scatter: ScatterView;
}) {
  const id = useId();
  const { calls, withinTwoPercent, share, largestDifferences } = calibration;
  return (
    <section className="card" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Is the simulator right for this traffic?</h2>
      <p className="note">
        The calls replayed as they ran (each on its own model, the 1-hour TTL where the conversation
        wrote 1-hour tokens, else 5 minutes), with the simulator&apos;s cache rules; its predicted
        cache reads are held against the ones the provider logged.
      </p>
      <p role="status" className="traffic-total">
        {formatPercent(share, 1)} of calls predicted within 2&nbsp;% of the prompt (
        {formatPlain(withinTwoPercent)} of {formatPlain(calls)})
      </p>
      <CacheReadScatter
        points={calibration.points}
        sampled={calibration.pointsSampled}
        view={scatter}
        assumptions={CALIBRATION_ASSUMPTIONS}
      />
      <h3>The largest differences</h3>
      {largestDifferences.length === 0 ? (
        <p>Every call was predicted within 2&nbsp;% of its prompt.</p>
      ) : (
        <DataTable
          caption="The largest differences and their likely causes"
          className="differences-table"
          columns={DIFFERENCE_COLUMNS}
          rows={largestDifferences}
          rowKey={(d) => `${d.conversationId}\n${d.callId}`}
          scroll={{}}
        />
      )}
    </section>
  );
});
