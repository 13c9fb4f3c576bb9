import { memo, useId } from 'react';
import type { TrafficCalibration } from '../../engine/traces/traffic-types.ts';
import { formatPercent, formatPlain, formatTokens } from '../../ui/format.ts';
import { CacheReadScatter } from './CacheReadScatter.tsx';
import { utcMinute } from './time-text.ts';

const CALIBRATION_ASSUMPTIONS = [
  'replayed as run: each call on its own model',
  'a 1-hour cache TTL where the conversation wrote 1-hour tokens, else 5 minutes',
  'within 2 % means within 2 % of the call’s prompt',
];

/** SPEC §11's as-run replay held against the logged cache reads: is the simulator right for this traffic? */
export const CalibrationSection = memo(function CalibrationSection({
  calibration,
}: {
  calibration: TrafficCalibration;
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
        assumptions={CALIBRATION_ASSUMPTIONS}
      />
      <h3>The largest differences</h3>
      {largestDifferences.length === 0 ? (
        <p>Every call was predicted within 2&nbsp;% of its prompt.</p>
      ) : (
        <div className="table-wrap">
          <table className="data differences-table">
            <caption className="visually-hidden">
              The largest differences and their likely causes
            </caption>
            <thead>
              <tr>
                <th scope="col">Conversation</th>
                <th scope="col">Call</th>
                <th scope="col">Time</th>
                <th scope="col">Model</th>
                <th scope="col">Predicted</th>
                <th scope="col">Logged</th>
                <th scope="col">Difference</th>
                <th scope="col">Likely cause</th>
              </tr>
            </thead>
            <tbody>
              {largestDifferences.map((d) => (
                <tr key={`${d.conversationId}\n${d.callId}`}>
                  <td className="file-name">{d.conversationId}</td>
                  <td className="file-name">{d.callId}</td>
                  <td>{utcMinute(d.at)}</td>
                  <td>{d.model}</td>
                  <td>{formatTokens(d.predictedCachedTokens)}</td>
                  <td>{formatTokens(d.loggedCacheReadTokens)}</td>
                  <td>
                    {d.differenceTokens > 0 ? '+' : d.differenceTokens < 0 ? '\u2212' : ''}
                    {formatTokens(Math.abs(d.differenceTokens))}
                  </td>
                  <td className="reason-cell">{d.causeText}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
});
