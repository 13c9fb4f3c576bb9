import { memo, useId, useState } from 'react';
import type {
  BilledRow,
  BreakdownView,
  TrafficAnalysis,
} from '../../engine/traces/traffic-types.ts';
import { DataTable, type DataColumn } from '../../ui/DataTable.tsx';
import { formatPlain, formatUsd } from '../../ui/format.ts';
import { BilledBarsChart } from './BilledBarsChart.tsx';
import { allTokens, BILLED_KINDS, TOOL_FEES } from './billed-kinds.ts';
import { BREAKDOWN_VIEWS, rowHint, rowName } from './breakdown-words.ts';
import { requestsText, type BilledView } from './billed-view.ts';
import { plural } from './plural.ts';

/** A row of the as-billed table: a breakdown's row, or the total of every priced call. */
interface BilledLine {
  readonly row: BilledRow;
  readonly total: boolean;
}

/** A USD cell with its tokens (or requests) under it. */
function Amount({ usd, count }: { usd: number; count: string }) {
  return (
    <>
      {formatUsd(usd)}
      <span className="cell-count">{count}</span>
    </>
  );
}

/**
 * The as-billed cost (SPEC §10, §13.4, §13.7): the total with its tokens,
 * split by kind of token with tool fees apart, and broken down by
 * conversation, project, branch, agent, source, model or UTC day.
 */
export const AsBilledSection = memo(function AsBilledSection({
  analysis,
  view: shown,
}: {
  analysis: TrafficAnalysis;
  /** Each breakdown's rows and chart, and the words under the total, worked out with the analysis. */
  view: BilledView;
}) {
  const id = useId();
  const [view, setView] = useState<BreakdownView>('conversation');
  const { billed } = analysis;
  const { rows, inAll, chart } = shown.breakdowns[view];
  const chosen = BREAKDOWN_VIEWS.find((v) => v.id === view)!;
  const requests = shown.toolRequests;
  return (
    <section className="card" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>As billed</h2>
      <p role="status" className="traffic-total">
        {shown.totalText}
      </p>
      <p className="note">
        Each call at the price row its model finds, at the tier its prompt chooses, for the counts
        the provider logged: plain input, cache reads, 5-minute and 1-hour cache writes and output,
        shown apart with their tokens. Reasoning tokens are already inside output. Server-tool
        requests (web searches and the like) are billed per request, as tool fees of their own.
      </p>
      <dl className="traffic-figures">
        {BILLED_KINDS.map((k) => (
          <div className="traffic-figure" key={k.key}>
            <dt>{k.label}</dt>
            <dd>
              <Amount
                usd={billed.totals[k.key]}
                count={plural(billed.pricedTokens[k.tokens], 'token')}
              />
            </dd>
          </div>
        ))}
        <div className="traffic-figure" key={TOOL_FEES.key}>
          <dt>{TOOL_FEES.label}</dt>
          <dd>
            <Amount usd={billed.byKind.toolFeesUsd} count={plural(requests, 'request')} />
          </dd>
        </div>
      </dl>
      {billed.toolRequests.length === 0 && billed.unpricedToolRequests.length === 0 ? null : (
        <p className="note">
          {billed.toolRequests.length === 0
            ? 'No server-tool request on a priced call.'
            : `Server-tool requests of priced calls: ${requestsText(billed.toolRequests)}.`}
          {billed.unpricedToolRequests.length === 0
            ? ''
            : ` Not priced (no fee on the call's price row, or the call is unpriced), never billed at $0: ${requestsText(billed.unpricedToolRequests)}.`}
        </p>
      )}
      {billed.reported.conversations === 0 ? null : (
        <p className="note">
          Claude Code itself reported {formatUsd(billed.reported.totalCostUsd)} for{' '}
          {plural(billed.reported.conversations, 'stream-json run')} (<code>total_cost_usd</code>),
          shown beside the bill, never used for it.
        </p>
      )}
      <fieldset className="segmented-radios">
        <legend>Break the bill down by</legend>
        {BREAKDOWN_VIEWS.map((v) => (
          <label key={v.id}>
            <input
              type="radio"
              name={`${id}-view`}
              value={v.id}
              checked={view === v.id}
              onChange={() => setView(v.id)}
            />
            <span>{v.label}</span>
          </label>
        ))}
      </fieldset>
      {billed.pricedCalls === 0 ? null : (
        <>
          <BilledBarsChart
            chart={chart}
            rowLabel={chosen.rowLabel}
            view={view}
            assumptions={shown.assumptions}
          />
          <DataTable
            caption={`As billed ${chosen.by}${
              inAll > rows.length
                ? `: the ${formatPlain(rows.length)} most expensive of ${formatPlain(inAll)}`
                : ''
            }`}
            captionShown
            className="billed-table"
            columns={[
              {
                key: '\0name',
                header: chosen.rowLabel,
                rowHeader: true,
                cell: (l) => (l.total ? 'All priced calls' : rowName(view, l.row)),
                className: (l) => (l.total ? undefined : 'file-name'),
                title: (l) => (l.total ? undefined : rowHint(view, l.row)),
                isolate: (l) => !l.total,
              },
              { key: '\0calls', header: 'Calls', cell: (l) => formatPlain(l.row.calls) },
              ...BILLED_KINDS.map((k): DataColumn<BilledLine> => ({
                key: k.key,
                header: k.label,
                cell: (l) => (
                  <Amount usd={l.row[k.key]} count={plural(l.row.tokens[k.tokens], 'token')} />
                ),
              })),
              {
                key: '\0fees',
                header: TOOL_FEES.label,
                cell: (l) => formatUsd(l.row.toolFeesUsd),
              },
              {
                key: '\0total',
                header: 'Total',
                cell: (l) => (
                  <Amount usd={l.row.totalUsd} count={plural(allTokens(l.row.tokens), 'token')} />
                ),
              },
            ]}
            rows={rows.map((row) => ({ row, total: false }))}
            footer={[
              {
                row: {
                  ...billed.totals,
                  toolFeesUsd: billed.byKind.toolFeesUsd,
                  key: '',
                  calls: billed.pricedCalls,
                  tokens: billed.pricedTokens,
                },
                total: true,
              },
            ]}
            rowKey={(l) => l.row.key}
            // Focusable: the wide table scrolls inside its box, and the keyboard must reach it.
            scroll={{ label: `As billed ${chosen.by}: table` }}
          />
        </>
      )}
    </section>
  );
});
