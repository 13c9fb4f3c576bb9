import { memo } from 'react';
import { useValue } from '../../state/derive.ts';
import { useAppStore } from '../../state/store.ts';
import { Legend } from '../../ui/charts/Legend.tsx';
import { LineChart } from '../../ui/charts/LineChart.tsx';
import { INK, PALETTE } from '../../ui/charts/palette.ts';
import { ChartFrame } from '../../ui/ChartFrame.tsx';
import { DataTable, type DataColumn } from '../../ui/DataTable.tsx';
import { NumberField } from '../../ui/NumberField.tsx';
import { formatTokens, formatUsd } from '../../ui/format.ts';
import { LOG_TICKS, TooltipBox, tokenTick, usdTick } from './chart-bits.tsx';
import { SIZE_MAX, SIZE_MIN, type CachePoint } from './series.ts';
import {
  whatIfAssumptions,
  whatIfBands,
  whatIfCurve,
  whatIfMarkers,
  whatIfSeries,
  whatIfSummary,
} from './series-nodes.ts';

function CacheTooltip({ point }: { point: CachePoint }) {
  return (
    <TooltipBox>
      <strong>{formatTokens(point.size)} tokens</strong>
      <br />
      uncached basis {formatUsd(point.uncachedUsd)} · cached basis {formatUsd(point.cachedUsd)}
      {point.disagrees ? ' · the bases disagree' : ''}
    </TooltipBox>
  );
}

const ZERO = [{ value: 0, color: INK.muted }] as const;

/** Both curves as CSV, built when a download asks for it. */
const whatIfCsvRows = () =>
  whatIfCurve.get().map((p) => ({
    outputTokens: p.size,
    uncachedNetUsd: p.uncachedUsd,
    cachedNetUsd: p.cachedUsd,
    basesDisagree: p.disagrees,
  }));
const LEGEND = [
  { label: 'Uncached basis (the seed’s gate)', color: PALETTE.result, kind: 'line' as const },
  { label: 'Cached basis (what-if)', color: PALETTE.alternative, kind: 'dash' as const },
  { label: 'The bases disagree', color: PALETTE.disagree },
];

const CACHE_COLUMNS: readonly DataColumn<CachePoint>[] = [
  { key: 'size', header: 'Output tokens', cell: (p) => formatTokens(p.size) },
  { key: 'uncached', header: 'Uncached basis', cell: (p) => formatUsd(p.uncachedUsd) },
  { key: 'cached', header: 'Cached basis', cell: (p) => formatUsd(p.cachedUsd) },
  { key: 'agree', header: 'Agree?', cell: (p) => (p.disagrees ? 'no' : 'yes') },
];

function CacheTable({ data }: { data: readonly CachePoint[] }) {
  return (
    <DataTable
      caption="Net saving by output size under both pricing bases"
      columns={CACHE_COLUMNS}
      rows={data.filter((_, i) => i % 6 === 0)}
      rowKey={(p) => p.size}
    />
  );
}

/** Cache-aware what-if: the carried output priced as cached input instead of plain input. */
export const CacheWhatIfChart = memo(function CacheWhatIfChart() {
  const tailTokens = useAppStore((s) => s.gate.tailTokens);
  const setGate = useAppStore((s) => s.setGate);
  const data = useValue(whatIfCurve);
  const series = useValue(whatIfSeries);
  const bands = useValue(whatIfBands);
  const markers = useValue(whatIfMarkers);
  const summary = useValue(whatIfSummary);
  const assumptions = useValue(whatIfAssumptions);
  return (
    <section className="card">
      <h2>Cache-aware what-if</h2>
      <p className="note">
        Not the gate itself: the seed prices the carried output as uncached input (its turn-4
        evidence showed the region uncached). If the output would sit in a warm prompt cache, the
        re-prefill it saves is priced at the cache-read rate, and the stub plus the tokens after it
        are re-cached once.
      </p>
      <NumberField
        label="Tokens after the output"
        value={tailTokens}
        onChange={(v) => setGate({ tailTokens: v })}
        min={0}
        max={10_000_000}
        sliderMax={50_000}
        step={100}
        integer
        unit="tokens"
        hint="Conversation after the output that must be written to the cache again once."
      />
      <ChartFrame
        title="Net saving: uncached vs cached pricing"
        assumptions={assumptions}
        exportable
        csvRows={whatIfCsvRows}
        summary={summary}
        chart={
          <>
            <LineChart
              height={260}
              x={{ kind: 'log', domain: [SIZE_MIN, SIZE_MAX], ticks: LOG_TICKS, format: tokenTick }}
              y={{ format: usdTick }}
              series={series}
              bands={bands}
              refY={ZERO}
              markers={markers}
              tooltip={(i) => (data[i] ? <CacheTooltip point={data[i]} /> : null)}
            />
            <Legend items={LEGEND} />
          </>
        }
        table={<CacheTable data={data} />}
      />
    </section>
  );
});
