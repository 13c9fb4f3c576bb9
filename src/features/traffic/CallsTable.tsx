import { memo, useEffect, useId, useState } from 'react';
import type { CallRow } from '../../engine/traces/traffic-types.ts';
import { formatPlain, formatTokens } from '../../ui/format.ts';
import { callRows } from './traffic-session.ts';
import { utcMinute } from './time-text.ts';
import { useRevealed } from './use-revealed.ts';

const PAGE = 50;

function requestsText(requests: Readonly<Record<string, number>>): string {
  const kinds = Object.keys(requests);
  return kinds.length === 0
    ? '—'
    : kinds.map((k) => `${formatPlain(requests[k]!)} ${k}`).join(', ');
}

/** The calls themselves, a page at a time from the worker (the main thread never holds them all). */
export const CallsTable = memo(function CallsTable({
  total,
  version,
}: {
  total: number;
  version: number;
}) {
  const id = useId();
  const [page, setPage] = useState(0);
  const [rows, setRows] = useState<readonly CallRow[]>([]);
  const pages = Math.max(1, Math.ceil(total / PAGE));
  const shown = Math.min(page, pages - 1);
  // A page arrives with its first rows drawn and the rest a frame later: not one long task.
  const drawn = useRevealed(rows.length, 20, 30);

  useEffect(() => {
    let live = true;
    void callRows(shown * PAGE, PAGE).then((r) => {
      if (live) setRows(r);
    });
    return () => {
      live = false;
    };
  }, [shown, version]);

  return (
    <section className="card" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Calls</h2>
      {/* Focusable: the wide table scrolls inside its box, and the keyboard must reach it. */}
      <div className="table-wrap" tabIndex={0} role="region" aria-label="Calls: table">
        <table className="data">
          <caption className="visually-hidden">Calls, by time (undated calls last)</caption>
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">Conversation</th>
              <th scope="col">Model</th>
              <th scope="col">Plain input</th>
              <th scope="col">Cache reads</th>
              <th scope="col">5-minute writes</th>
              <th scope="col">1-hour writes</th>
              <th scope="col">Output</th>
              <th scope="col">Tool requests</th>
              <th scope="col">Source</th>
            </tr>
          </thead>
          <tbody>
            {rows.slice(0, drawn).map((r) => (
              <tr key={`${r.conversationId}\n${r.callId}`}>
                <td>{utcMinute(r.at)}</td>
                <td className="file-name">
                  <bdi>{r.conversationId}</bdi>
                  {r.agent === 'subagent' ? ' (subagent)' : ''}
                  {r.kind === 'call'
                    ? ''
                    : r.kind === 'reconciling'
                      ? ' (reconciling: what only the run’s totals show)'
                      : ` (${r.kind} pass)`}
                </td>
                <td>
                  <bdi>{r.model}</bdi>
                </td>
                <td>{formatTokens(r.inputTokens)}</td>
                <td>{formatTokens(r.cacheReadTokens)}</td>
                <td>{formatTokens(r.cacheWrite5mTokens)}</td>
                <td>{formatTokens(r.cacheWrite1hTokens)}</td>
                <td>{formatTokens(r.outputTokens)}</td>
                <td>{requestsText(r.toolRequests)}</td>
                <td className="file-name">
                  <bdi>{r.source === '' ? '—' : r.source}</bdi>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="row">
        <button type="button" disabled={shown === 0} onClick={() => setPage(shown - 1)}>
          Previous calls
        </button>
        <span>
          Page {formatPlain(shown + 1)} of {formatPlain(pages)}
        </span>
        <button type="button" disabled={shown >= pages - 1} onClick={() => setPage(shown + 1)}>
          Next calls
        </button>
      </div>
    </section>
  );
});
