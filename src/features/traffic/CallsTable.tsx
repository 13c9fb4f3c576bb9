import { memo, useEffect, useId, useState } from 'react';
import type { CallRow } from '../../engine/traces/traffic-types.ts';
import { DataTable, type DataColumn } from '../../ui/DataTable.tsx';
import { formatPlain, formatTokens } from '../../ui/format.ts';
import { callRows } from './traffic-session.ts';
import { utcMinute } from './time-text.ts';

const PAGE = 50;

function requestsText(requests: Readonly<Record<string, number>>): string {
  const kinds = Object.keys(requests);
  return kinds.length === 0
    ? '—'
    : kinds.map((k) => `${formatPlain(requests[k]!)} ${k}`).join(', ');
}

const CALL_COLUMNS: readonly DataColumn<CallRow>[] = [
  { key: 'time', header: 'Time', cell: (r) => utcMinute(r.at) },
  {
    key: 'conversation',
    header: 'Conversation',
    className: 'file-name',
    cell: (r) => (
      <>
        <bdi>{r.conversationId}</bdi>
        {r.agent === 'subagent' ? ' (subagent)' : ''}
        {r.kind === 'call'
          ? ''
          : r.kind === 'reconciling'
            ? ' (reconciling: what only the run’s totals show)'
            : ` (${r.kind} pass)`}
      </>
    ),
  },
  { key: 'model', header: 'Model', cell: (r) => r.model, isolate: true },
  { key: 'input', header: 'Plain input', cell: (r) => formatTokens(r.inputTokens) },
  { key: 'read', header: 'Cache reads', cell: (r) => formatTokens(r.cacheReadTokens) },
  { key: 'write5m', header: '5-minute writes', cell: (r) => formatTokens(r.cacheWrite5mTokens) },
  { key: 'write1h', header: '1-hour writes', cell: (r) => formatTokens(r.cacheWrite1hTokens) },
  { key: 'output', header: 'Output', cell: (r) => formatTokens(r.outputTokens) },
  { key: 'tools', header: 'Tool requests', cell: (r) => requestsText(r.toolRequests) },
  {
    key: 'source',
    header: 'Source',
    className: 'file-name',
    cell: (r) => (r.source === '' ? '—' : r.source),
    isolate: true,
  },
];

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
      <DataTable
        caption="Calls, by time (undated calls last)"
        columns={CALL_COLUMNS}
        rows={rows}
        rowKey={(r) => `${r.conversationId}\n${r.callId}`}
        // Focusable: the wide table scrolls inside its box, and the keyboard must reach it.
        scroll={{ label: 'Calls: table' }}
      />
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
