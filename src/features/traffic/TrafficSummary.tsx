import { memo, useDeferredValue, useId, useMemo, useState } from 'react';
import { TRACE_FORMAT_LABEL } from '../../core/traces/call-record.ts';
import type { TrafficAnalysis, TrafficMeta } from '../../engine/traces/traffic-types.ts';
import { DataTable, type DataColumn } from '../../ui/DataTable.tsx';
import { formatPlain, formatTokens, formatUsd } from '../../ui/format.ts';
import { AddPriceRow } from './AddPriceRow.tsx';
import { ModelsFilter } from './ModelsFilter.tsx';
import { modelsShown } from './models-shown.ts';
import { allTokens } from './billed-kinds.ts';
import { plural } from './plural.ts';
import { spanText, utcMinute } from './time-text.ts';
import { isolatedName } from '../../format/bidi.ts';

const SKIPPED_SHOWN = 50;
/** Models with a row of their own at once (a filter finds the others). */
const MODELS_LISTED = 20;
/** Unpriced models with an "Add a price row" at once; and named in the alert. */
const UNPRICED_LISTED = 10;

function Figure({ label, value, wide }: { label: string; value: string; wide?: boolean }) {
  return (
    <div className={wide === true ? 'traffic-figure traffic-figure-wide' : 'traffic-figure'}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

type File = TrafficMeta['files'][number];

const MODEL_COLUMNS: readonly DataColumn<TrafficAnalysis['models'][number]>[] = [
  {
    key: 'name',
    header: 'Model (as written)',
    cell: (m) => m.name,
    rowHeader: true,
    isolate: true,
  },
  { key: 'calls', header: 'Calls', cell: (m) => formatPlain(m.calls) },
  { key: 'tokens', header: 'Tokens', cell: (m) => formatPlain(allTokens(m.tokens)) },
  {
    key: 'row',
    header: 'Price row',
    cell: (m) => m.priceRow ?? <span className="badge badge-warn">unpriced</span>,
  },
];

const FILE_COLUMNS: readonly DataColumn<File>[] = [
  {
    key: 'format',
    header: 'Format',
    cell: (f) =>
      f.format !== undefined
        ? TRACE_FORMAT_LABEL[f.format]
        : f.skipped > 0
          ? 'not read'
          : f.bytes === 0
            ? 'empty'
            : 'no records',
  },
  { key: 'records', header: 'Records', cell: (f) => formatTokens(f.records) },
  { key: 'skipped', header: 'Skipped', cell: (f) => formatTokens(f.skipped) },
];

const SKIPPED_COLUMNS: readonly DataColumn<TrafficMeta['skipped'][number]>[] = [
  { key: 'file', header: 'File', className: 'file-name', cell: (s) => s.file },
  { key: 'line', header: 'Line', cell: (s) => (s.line === 0 ? 'whole file' : formatPlain(s.line)) },
  { key: 'reason', header: 'Reason', className: 'reason-cell', cell: (s) => s.reason },
];
/** The summary: files, conversations, calls, time span, models (unpriced flagged) and the records skipped. */
export const TrafficSummary = memo(function TrafficSummary({
  meta,
  analysis,
}: {
  meta: TrafficMeta;
  analysis: TrafficAnalysis | undefined;
}) {
  const id = useId();
  const [allSkipped, setAllSkipped] = useState(false);
  const [query, setQuery] = useState('');
  // Typing stays immediate; the rows follow as a transition.
  const deferredQuery = useDeferredValue(query);
  const read = meta.files.filter((f) => f.format !== undefined).length;
  // Worked out once per answer and query: a trace can name 100,000 models.
  const lists = useMemo(() => {
    const models = analysis?.models ?? [];
    const unpriced = models.filter((m) => m.priceRow === undefined);
    const modelsView = modelsShown(models, (m) => m.name, deferredQuery, MODELS_LISTED);
    // Past the filter's threshold, fewer unpriced models at once; the filter finds the rest.
    const unpricedView = modelsShown(
      unpriced,
      (m) => m.name,
      deferredQuery,
      modelsView.long ? UNPRICED_LISTED : MODELS_LISTED,
    );
    const unpricedTokens = unpriced.reduce((n, m) => n + allTokens(m.tokens), 0);
    return { models, unpriced, modelsView, unpricedView, unpricedTokens };
  }, [analysis, deferredQuery]);
  const { models, unpriced, modelsView, unpricedView, unpricedTokens } = lists;
  const unpricedNamed = unpriced.slice(0, UNPRICED_LISTED).map((m) => isolatedName(m.name));
  const sources = new Set(meta.files.map((f) => f.source ?? f.name));
  const labelled = meta.files.some((f) => f.source !== undefined && f.source !== f.name);
  const skippedShown = allSkipped ? meta.skipped : meta.skipped.slice(0, SKIPPED_SHOWN);
  return (
    <section className="card" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Summary</h2>
      <dl className="traffic-figures">
        {/* The answer first: the tables below can run to screens. */}
        <Figure
          label="As billed"
          value={
            analysis === undefined
              ? '…'
              : `${formatUsd(analysis.billed.totals.totalUsd)}, in detail under “As billed”`
          }
        />
        <Figure
          label="Files"
          value={`${formatPlain(meta.files.length)} (${formatPlain(read)} read as traces)`}
        />
        <Figure
          label="Conversations"
          value={analysis === undefined ? '…' : formatPlain(analysis.conversations)}
        />
        <Figure label="Calls" value={formatPlain(meta.callCount)} />
        {labelled ? <Figure label="Sources" value={formatPlain(sources.size)} /> : null}
        <Figure
          label="Time span"
          wide
          value={
            analysis === undefined
              ? '…'
              : analysis.firstAt === undefined || analysis.lastAt === undefined
                ? 'no dated call'
                : `${utcMinute(analysis.firstAt)} to ${utcMinute(analysis.lastAt)} (${spanText(analysis.lastAt - analysis.firstAt)})`
          }
        />
        <Figure label="Records skipped" value={formatPlain(meta.skippedTotal)} />
      </dl>

      {analysis === undefined ? null : (
        <>
          <h3>Models</h3>
          <ModelsFilter
            view={modelsView}
            total={models.length}
            query={query}
            onQuery={setQuery}
            label="Find a model"
            othersWords="are in every figure"
          />
          <DataTable
            caption="Models in the traffic"
            columns={MODEL_COLUMNS}
            rows={modelsView.shown}
            rowKey={(m) => m.name}
            scroll={{ label: 'Models: table' }}
          />
          {unpriced.length === 0 ? null : (
            <div className="traffic-unpriced">
              <p role="alert" className="warn-text">
                {unpriced.length === 1
                  ? '1 model has'
                  : `${formatPlain(unpriced.length)} models have`}{' '}
                no price row, so {plural(analysis.billed.unpricedCalls, 'call')} (
                {plural(unpricedTokens, 'token')}){' '}
                {analysis.billed.unpricedCalls === 1 ? 'is' : 'are'} left out of the cost (never
                priced at $0): {unpricedNamed.join(', ')}
                {unpriced.length > unpricedNamed.length
                  ? ` and ${plural(unpriced.length - unpricedNamed.length, 'other')}`
                  : ''}
                .
              </p>
              <ul className="plain-list">
                {unpricedView.shown.map((m) => (
                  <li key={m.name}>
                    <span className="unpriced-count">
                      <bdi>{m.name}</bdi>: {plural(m.calls, 'call')},{' '}
                      {plural(allTokens(m.tokens), 'token')}.
                    </span>{' '}
                    <AddPriceRow model={m.name} />
                  </li>
                ))}
              </ul>
              {unpricedView.others === 0 ? null : (
                <p className="note">
                  {plural(unpricedView.others, 'more model')} without a price row (
                  {plural(unpricedView.otherCalls, 'call')}): find one with “Find a model” to add
                  its row.
                </p>
              )}
            </div>
          )}
        </>
      )}

      <h3>Files</h3>
      <DataTable
        caption="Files read"
        columns={[
          {
            key: 'file',
            header: 'File',
            cell: (f) => f.name,
            rowHeader: true,
            className: 'file-name',
            isolate: true,
          },
          ...(labelled
            ? [
                {
                  key: 'source',
                  header: 'Source',
                  cell: (f: File) => f.source ?? f.name,
                  isolate: true,
                },
              ]
            : []),
          ...FILE_COLUMNS,
        ]}
        rows={meta.files}
        rowKey={(f, i) => `${i}:${f.name}`}
        scroll={{ label: 'Files: table' }}
      />

      <h3>Records skipped</h3>
      {meta.skippedTotal === 0 ? (
        <p>Every record was read.</p>
      ) : (
        <>
          <p>
            Each record that could not be read, with its file, line and why; everything else was
            still read.
            {meta.skippedTotal > meta.skipped.length
              ? ` The first ${formatPlain(meta.skipped.length)} of ${formatPlain(meta.skippedTotal)} are kept.`
              : ''}
          </p>
          <DataTable
            caption="Records skipped"
            className="skipped-table"
            columns={SKIPPED_COLUMNS}
            rows={skippedShown}
            rowKey={(_, i) => i}
            scroll={{ label: 'Records skipped: table' }}
          />
          {meta.skipped.length > SKIPPED_SHOWN ? (
            <button type="button" onClick={() => setAllSkipped((v) => !v)}>
              {allSkipped ? 'Show fewer' : `Show all ${formatPlain(meta.skipped.length)}`}
            </button>
          ) : null}
        </>
      )}
    </section>
  );
});
