import { memo, useId, useState } from 'react';
import { TRACE_FORMAT_LABEL } from '../../core/traces/call-record.ts';
import type { TrafficAnalysis, TrafficMeta } from '../../engine/traces/traffic-types.ts';
import { formatPlain, formatTokens } from '../../ui/format.ts';
import { AddPriceRow } from './AddPriceRow.tsx';
import { allTokens } from './billed-kinds.ts';
import { plural } from './plural.ts';
import { spanText, utcMinute } from './time-text.ts';

const SKIPPED_SHOWN = 50;

function Figure({ label, value, wide }: { label: string; value: string; wide?: boolean }) {
  return (
    <div className={wide === true ? 'traffic-figure traffic-figure-wide' : 'traffic-figure'}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

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
  const read = meta.files.filter((f) => f.format !== undefined).length;
  const unpriced = analysis?.models.filter((m) => m.priceRow === undefined) ?? [];
  const unpricedTokens = unpriced.reduce((n, m) => n + allTokens(m.tokens), 0);
  const sources = new Set(meta.files.map((f) => f.source ?? f.name));
  const labelled = meta.files.some((f) => f.source !== undefined && f.source !== f.name);
  const skippedShown = allSkipped ? meta.skipped : meta.skipped.slice(0, SKIPPED_SHOWN);
  return (
    <section className="card" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Summary</h2>
      <dl className="traffic-figures">
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
          <div className="table-wrap" tabIndex={0} role="region" aria-label="Models: table">
            <table className="data">
              <caption className="visually-hidden">Models in the traffic</caption>
              <thead>
                <tr>
                  <th scope="col">Model (as written)</th>
                  <th scope="col">Calls</th>
                  <th scope="col">Tokens</th>
                  <th scope="col">Price row</th>
                </tr>
              </thead>
              <tbody>
                {analysis.models.map((m) => (
                  <tr key={m.name}>
                    <th scope="row">
                      <bdi>{m.name}</bdi>
                    </th>
                    <td>{formatPlain(m.calls)}</td>
                    <td>{formatPlain(allTokens(m.tokens))}</td>
                    <td>{m.priceRow ?? <span className="badge badge-warn">unpriced</span>}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {unpriced.length === 0 ? null : (
            <div className="traffic-unpriced">
              <p role="alert" className="warn-text">
                {unpriced.length === 1
                  ? '1 model has'
                  : `${formatPlain(unpriced.length)} models have`}{' '}
                no price row, so {plural(analysis.billed.unpricedCalls, 'call')} (
                {plural(unpricedTokens, 'token')}){' '}
                {analysis.billed.unpricedCalls === 1 ? 'is' : 'are'} left out of the cost (never
                priced at $0): {unpriced.map((m) => m.name).join(', ')}.
              </p>
              <ul className="plain-list">
                {unpriced.map((m) => (
                  <li key={m.name}>
                    <span className="unpriced-count">
                      <bdi>{m.name}</bdi>: {plural(m.calls, 'call')},{' '}
                      {plural(allTokens(m.tokens), 'token')}.
                    </span>{' '}
                    <AddPriceRow model={m.name} />
                  </li>
                ))}
              </ul>
            </div>
          )}
        </>
      )}

      <h3>Files</h3>
      <div className="table-wrap" tabIndex={0} role="region" aria-label="Files: table">
        <table className="data">
          <caption className="visually-hidden">Files read</caption>
          <thead>
            <tr>
              <th scope="col">File</th>
              {labelled ? <th scope="col">Source</th> : null}
              <th scope="col">Format</th>
              <th scope="col">Records</th>
              <th scope="col">Skipped</th>
            </tr>
          </thead>
          <tbody>
            {meta.files.map((f, i) => (
              <tr key={`${i}:${f.name}`}>
                <th scope="row" className="file-name">
                  <bdi>{f.name}</bdi>
                </th>
                {labelled ? (
                  <td>
                    <bdi>{f.source ?? f.name}</bdi>
                  </td>
                ) : null}
                <td>
                  {f.format !== undefined
                    ? TRACE_FORMAT_LABEL[f.format]
                    : f.skipped > 0
                      ? 'not read'
                      : f.bytes === 0
                        ? 'empty'
                        : 'no records'}
                </td>
                <td>{formatTokens(f.records)}</td>
                <td>{formatTokens(f.skipped)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

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
          <div
            className="table-wrap"
            tabIndex={0}
            role="region"
            aria-label="Records skipped: table"
          >
            <table className="data skipped-table">
              <caption className="visually-hidden">Records skipped</caption>
              <thead>
                <tr>
                  <th scope="col">File</th>
                  <th scope="col">Line</th>
                  <th scope="col">Reason</th>
                </tr>
              </thead>
              <tbody>
                {skippedShown.map((s, i) => (
                  <tr key={i}>
                    <td className="file-name">{s.file}</td>
                    <td>{s.line === 0 ? 'whole file' : formatPlain(s.line)}</td>
                    <td className="reason-cell">{s.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
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
