import { useId } from 'react';
import { useModelNames } from '../../state/selectors.ts';
import { LineChart, type LineSeries } from '../../ui/charts/LineChart.tsx';
import { Legend } from '../../ui/charts/Legend.tsx';
import { INK, modelColor } from '../../ui/charts/palette.ts';
import { DataTable, type DataColumn } from '../../ui/DataTable.tsx';
import { formatPercent, formatPlain, formatTokens, formatUsd } from '../../ui/format.ts';
import { ChartFigure } from './ChartFigure.tsx';
import { utcMinute } from './time-text.ts';
import { binText, drawnBins, gapText, ttlVerdict } from './ttl-words.ts';
import type { TrafficTtl } from '../../engine/traces/traffic-types.ts';

const TTL_MARKERS = [
  { x: 300, label: '5-minute TTL', color: INK.muted, dash: '2 3' },
  { x: 3600, label: '1-hour TTL', color: INK.muted, dash: '2 3' },
];

const X_TICKS = [1, 10, 60, 300, 600, 3600, 21_600, 86_400];

function GapHistogram({ ttl }: { ttl: TrafficTtl }) {
  const modelNames = useModelNames();
  const drawn = drawnBins(ttl.bins);
  const series: LineSeries[] = ttl.models.map((model, m) => ({
    id: model,
    color: modelColor(model, modelNames),
    curve: 'step',
    points: [
      ...ttl.bins.map((b, i) => ({ x: drawn[i]!.from, y: b.counts[m] ?? 0 })),
      { x: drawn.at(-1)!.to, y: ttl.bins.at(-1)?.counts[m] ?? 0 },
    ],
  }));
  const domain: [number, number] = [drawn[0]!.from, drawn.at(-1)!.to];
  const past5 = ttl.bins
    .filter((b) => b.fromSeconds >= 300)
    .reduce((s, b) => s + b.counts.reduce((a, n) => a + n, 0), 0);
  const summary =
    ttl.gaps === 0
      ? 'Idle gaps between calls: none (no conversation has two calls on the same model).'
      : `Idle gaps between consecutive calls of a conversation on the same model, by model, on a log scale of seconds: ${formatPlain(ttl.gaps)} gaps, ${formatPlain(past5)} of them 5 minutes or longer.`;
  const legend = [
    ...ttl.models.map((m) => ({
      label: m,
      color: modelColor(m, modelNames),
      kind: 'line' as const,
    })),
    ...TTL_MARKERS.map((t) => ({ label: t.label, color: t.color, kind: 'dash' as const })),
  ];
  return (
    <ChartFigure
      title="Idle gaps between calls, by model"
      summary={summary}
      assumptions={[
        'A gap is the time since the previous call of the same conversation on the same price row.',
        'Bins are log-spaced; 5 minutes and 1 hour are bin edges.',
      ]}
      legend={legend}
      csvRows={() =>
        ttl.bins.map((b) => ({
          gap: binText(b),
          ...Object.fromEntries(ttl.models.map((m, i) => [m, b.counts[i] ?? 0])),
        }))
      }
      table={() => (
        <DataTable
          caption="Idle gaps between calls, by model"
          columns={[
            { key: '\0gap', header: 'Gap', cell: (b) => binText(b), rowHeader: true },
            ...ttl.models.map((m, i): DataColumn<(typeof ttl.bins)[number]> => ({
              key: m,
              header: m,
              cell: (b) => formatPlain(b.counts[i] ?? 0),
            })),
          ]}
          rows={ttl.bins}
          rowKey={(b) => b.fromSeconds}
        />
      )}
    >
      <LineChart
        height={220}
        x={{ kind: 'log', domain, ticks: X_TICKS, format: gapText, title: 'idle gap' }}
        // Counts: whole-number ticks only.
        y={{ format: (v) => (Number.isInteger(v) ? formatPlain(v) : ''), includeZero: true }}
        series={series}
        markers={TTL_MARKERS}
      />
      <Legend items={legend} />
    </ChartFigure>
  );
}

/** The TTL question from this traffic's own gaps: 5 minutes or 1 hour, what each costs, which calls went cold. */
export function TtlSection({
  asBilledUsd,
  ttl,
}: {
  asBilledUsd: number;
  /** The traffic's TTL figures (undefined until worked out). */
  ttl: TrafficTtl | undefined;
}) {
  const id = useId();
  return (
    <section className="card ttl-section" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>The TTL question: 5 minutes or 1 hour?</h2>
      {ttl === undefined ? (
        <p className="loading-note">Working out the gaps…</p>
      ) : (
        <>
          <p className="note">
            Every call replayed on its own model under each cache TTL (SPEC §11: the cache entry of
            a model in a conversation is read when it was last used less than a TTL before). What a
            replay cannot know: a provider may evict an entry early, or keep one warm from a call
            outside this trace.
          </p>
          <p role="status" className="traffic-total">
            {ttlVerdict(ttl, asBilledUsd)}
          </p>
          <DataTable
            caption="What each TTL costs on this traffic"
            captionShown
            columns={[
              {
                key: 'ttl',
                header: 'Cache TTL',
                cell: (c) => (c.ttlSeconds === 300 ? '5 minutes' : '1 hour'),
                rowHeader: true,
              },
              { key: 'cost', header: 'Cost', cell: (c) => formatUsd(c.totalUsd) },
              {
                key: 'change',
                header: 'Change vs as billed',
                cell: (c) =>
                  `${c.totalUsd - asBilledUsd >= 0 ? '+' : '\u2212'}${formatUsd(Math.abs(c.totalUsd - asBilledUsd))}`,
              },
              {
                key: 'hit',
                header: 'Cache-hit rate',
                cell: (c) => formatPercent(c.cacheHitShare, 1),
              },
              {
                key: 'expired',
                header: 'Calls whose cache expired',
                cell: (c) => `${formatPlain(c.expiredCalls)} (${formatPercent(c.expiredShare, 1)})`,
              },
            ]}
            rows={ttl.choices}
            rowKey={(c) => c.ttlSeconds}
            scroll={{}}
          />
          <GapHistogram ttl={ttl} />
          <h3>Calls whose cache expired under 5 minutes</h3>
          {ttl.expired.length === 0 ? (
            <p>No call found its cache expired under the 5-minute TTL.</p>
          ) : (
            <DataTable
              caption="Calls whose cache expired under the 5-minute TTL, the largest prompts first"
              columns={[
                {
                  key: 'conversation',
                  header: 'Conversation',
                  className: 'file-name',
                  cell: (e) => e.conversationId,
                },
                { key: 'time', header: 'Time', cell: (e) => utcMinute(e.at) },
                { key: 'gap', header: 'Idle gap', cell: (e) => gapText(e.gapSeconds) },
                { key: 'model', header: 'Model', cell: (e) => e.model },
                {
                  key: 'prompt',
                  header: 'Prompt re-written',
                  cell: (e) => formatTokens(e.promptTokens),
                },
                {
                  key: 'hour',
                  header: 'Under 1 hour',
                  cell: (e) => (e.expiredUnderOneHour ? 'expired too' : 'still warm'),
                },
              ]}
              rows={ttl.expired}
              rowKey={(e) => `${e.conversationId}\n${e.callId}`}
              scroll={{}}
            />
          )}
        </>
      )}
    </section>
  );
}
