import type { ReactNode } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ReferenceLine,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { ChartFrame } from '../../ui/ChartFrame.tsx';
import { formatTokens, formatTokensShort, formatUsd } from '../../ui/format.ts';
import type {
  BudgetFigures,
  GateFigures,
  PopulationFigures,
  RoutingFigures,
} from './headline-figures.ts';

// At most this size, narrower on a phone; print CSS scales the drawing to its column.
const WIDTH = 340;
const HEIGHT = 210;
const SIZE = { width: '100%', maxWidth: WIDTH, height: HEIGHT } as const;
const TICK = { fill: 'var(--muted)', fontSize: 11 } as const;

interface TooltipEntry {
  readonly name?: unknown;
  readonly value?: unknown;
  readonly dataKey?: unknown;
}

function TooltipBox(props: {
  active?: boolean | undefined;
  payload?: readonly TooltipEntry[] | undefined;
  label?: unknown;
  format: (v: number) => string;
}) {
  const { active, payload, label, format } = props;
  if (!active || !payload || payload.length === 0) return null;
  const shown = payload.filter((p) => typeof p.value === 'number' && p.value !== 0);
  return (
    <div className="chart-tooltip">
      <strong>{String(label)}</strong>
      {(shown.length > 0 ? shown : payload.slice(0, 1)).map((p) => (
        <div key={String(p.dataKey)}>
          {String(p.name)}: {format(Number(p.value))}
        </div>
      ))}
    </div>
  );
}

function Table(props: { head: readonly string[]; rows: readonly (readonly ReactNode[])[] }) {
  return (
    <table className="data">
      <thead>
        <tr>
          {props.head.map((h) => (
            <th key={h} scope="col">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {props.rows.map((row, i) => (
          <tr key={i}>
            {row.map((cell, j) =>
              j === 0 ? (
                <th key={j} scope="row">
                  {cell}
                </th>
              ) : (
                <td key={j}>{cell}</td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The gate's three priced terms and the net saving, USD. */
export function GateTermsChart({ gate }: { gate: GateFigures }) {
  const d = gate.decision;
  const rows = [
    { term: 'Re-prefill', name: 'Re-prefill saved', saving: d.reprefillSavingUsd, cost: 0 },
    { term: 'Stub', name: 'Stub carried', saving: 0, cost: d.stubCarryCostUsd },
    {
      term: 'Recall hop',
      name: 'Expected recall hop',
      saving: 0,
      cost: d.expectedRecallHopCostUsd,
    },
    {
      term: 'Net',
      name: 'Net saving',
      saving: Math.max(0, d.netSavingUsd),
      cost: Math.max(0, -d.netSavingUsd),
    },
  ];
  const csv = rows.map((r) => ({ term: r.name, usd: r.saving - r.cost }));
  return (
    <ChartFrame
      title="Offload gate terms"
      exportable
      csvRows={csv}
      summary={`Offloading saves ${formatUsd(d.reprefillSavingUsd)} of re-prefill against ${formatUsd(d.stubCarryCostUsd)} for the stub and ${formatUsd(d.expectedRecallHopCostUsd)} for the expected recall hop: net ${formatUsd(d.netSavingUsd)}, so the gate ${d.fire ? 'fires' : 'does not fire'}.`}
      chart={
        <BarChart responsive style={SIZE} data={rows} margin={{ left: 8, right: 8 }}>
          <CartesianGrid vertical={false} />
          <XAxis dataKey="term" tick={TICK} interval={0} />
          <YAxis tick={TICK} tickFormatter={(v: number) => formatUsd(v)} width={64} />
          <Tooltip
            content={(p) => (
              <TooltipBox
                active={p.active}
                payload={p.payload}
                label={p.label}
                format={formatUsd}
              />
            )}
          />
          <Legend />
          <Bar
            dataKey="saving"
            name="Saving"
            stackId="t"
            fill="var(--chart-3)"
            isAnimationActive={false}
          />
          <Bar
            dataKey="cost"
            name="Cost"
            stackId="t"
            fill="var(--chart-2)"
            isAnimationActive={false}
          />
        </BarChart>
      }
      table={<Table head={['Term', 'USD']} rows={csv.map((r) => [r.term, formatUsd(r.usd)])} />}
    />
  );
}

/** Never offload vs size-only vs the gate over the population, USD per 1,000 outputs. */
export function PolicyChart({ population }: { population: PopulationFigures }) {
  const rows = [
    { policy: 'Never offload', costUsd: population.neverOffloadUsd },
    {
      policy: `Size-only ≥ ${formatTokensShort(population.sizeOnlyThresholdTokens)}`,
      costUsd: population.sizeOnlyUsd,
    },
    { policy: 'Net-saving gate', costUsd: population.netSavingGateUsd },
  ];
  const loses = population.sizeOnlyUsd > population.neverOffloadUsd;
  return (
    <ChartFrame
      title="Offload policies over 1,000 outputs"
      exportable
      csvRows={rows}
      summary={`Per 1,000 tool outputs: never offloading costs ${formatUsd(population.neverOffloadUsd)}, size-only offload at ${formatTokens(population.sizeOnlyThresholdTokens)} tokens ${formatUsd(population.sizeOnlyUsd)}${loses ? ' (more than never offloading)' : ''}, the net-saving gate ${formatUsd(population.netSavingGateUsd)}.`}
      chart={
        <BarChart responsive style={SIZE} data={rows} margin={{ left: 8, right: 8 }}>
          <CartesianGrid vertical={false} />
          <XAxis dataKey="policy" tick={TICK} interval={0} />
          <YAxis tick={TICK} tickFormatter={(v: number) => formatUsd(v)} width={64} />
          <Tooltip
            content={(p) => (
              <TooltipBox
                active={p.active}
                payload={p.payload}
                label={p.label}
                format={formatUsd}
              />
            )}
          />
          <ReferenceLine
            y={population.neverOffloadUsd}
            stroke="var(--muted)"
            strokeDasharray="4 3"
          />
          <Bar dataKey="costUsd" name="Cost" fill="var(--chart-1)" isAnimationActive={false} />
        </BarChart>
      }
      table={
        <Table
          head={['Policy', 'USD per 1,000 outputs']}
          rows={rows.map((r) => [r.policy, formatUsd(r.costUsd)])}
        />
      }
    />
  );
}

/** Each budget row's tokens in compiled order, split by what admission did. */
export function BudgetChart({ budget }: { budget: BudgetFigures }) {
  const rows = budget.rows.map((r) => ({
    id: r.contributionId,
    status: r.pinned ? 'Pinned' : r.admitted ? 'Admitted' : 'Dropped',
    pinned: r.pinned ? r.tokens : 0,
    admitted: !r.pinned && r.admitted ? r.tokens : 0,
    dropped: r.admitted ? 0 : r.tokens,
  }));
  const { report } = budget;
  const csv = budget.rows.map((r) => ({
    contributionId: r.contributionId,
    position: r.position,
    tokens: r.tokens,
    pinned: r.pinned,
    status: r.pinned ? 'Pinned' : r.admitted ? 'Admitted' : 'Dropped',
  }));
  return (
    <ChartFrame
      title="Prompt rows admitted and dropped"
      exportable
      csvRows={csv}
      summary={`${formatTokens(report.totalTokens)} tokens admitted${report.limit === null ? ' (unbounded budget)' : ` of a ${formatTokens(report.limit)}-token budget`}; ${report.dropped.length === 0 ? 'nothing dropped' : `dropped: ${report.dropped.join(', ')}`}.`}
      chart={
        <BarChart
          responsive
          style={{ ...SIZE, height: Math.max(HEIGHT, 24 * rows.length + 60) }}
          data={rows}
          layout="vertical"
          margin={{ left: 8, right: 16 }}
        >
          <CartesianGrid horizontal={false} />
          <XAxis type="number" tick={TICK} tickFormatter={formatTokensShort} />
          <YAxis type="category" dataKey="id" tick={TICK} width={96} />
          <Tooltip
            content={(p) => (
              <TooltipBox
                active={p.active}
                payload={p.payload}
                label={p.label}
                format={(v) => `${formatTokens(v)} tokens`}
              />
            )}
          />
          <Legend />
          <Bar
            dataKey="pinned"
            name="Pinned"
            stackId="b"
            fill="var(--chart-4)"
            isAnimationActive={false}
          />
          <Bar
            dataKey="admitted"
            name="Admitted"
            stackId="b"
            fill="var(--chart-3)"
            isAnimationActive={false}
          />
          <Bar
            dataKey="dropped"
            name="Dropped"
            stackId="b"
            fill="var(--chart-2)"
            isAnimationActive={false}
          />
        </BarChart>
      }
      table={
        <Table
          head={['Row', 'Position', 'Tokens', 'Status']}
          rows={csv.map((r) => [r.contributionId, r.position, formatTokens(r.tokens), r.status])}
        />
      }
    />
  );
}

/** The routing strategy's cost split beside the default-model baseline, USD. */
export function RoutingChart({ routing }: { routing: RoutingFigures }) {
  const split = (name: string, t: RoutingFigures['totals']) => ({
    setup: name,
    readUsd: t.readUsd,
    writeUsd: t.writeUsd,
    outputUsd: t.outputUsd,
    classifierUsd: t.classifierUsd,
    totalUsd: t.totalUsd,
  });
  const rows = [
    split('Your routing', routing.totals),
    split(`Baseline: ${routing.baselineModel}`, routing.baseline),
  ];
  const saving = routing.baseline.totalUsd - routing.totals.totalUsd;
  return (
    <ChartFrame
      title="Routing cost against the baseline"
      exportable
      csvRows={rows}
      summary={`Your routing costs ${formatUsd(routing.totals.totalUsd)} over ${formatTokens(routing.hops)} hops; running every hop on ${routing.baselineModel} costs ${formatUsd(routing.baseline.totalUsd)}, so routing ${saving >= 0 ? `saves ${formatUsd(saving)}` : `costs ${formatUsd(-saving)} more`}.`}
      chart={
        <BarChart responsive style={SIZE} data={rows} margin={{ left: 8, right: 8 }}>
          <CartesianGrid vertical={false} />
          <XAxis dataKey="setup" tick={TICK} interval={0} />
          <YAxis tick={TICK} tickFormatter={(v: number) => formatUsd(v)} width={64} />
          <Tooltip
            content={(p) => (
              <TooltipBox
                active={p.active}
                payload={p.payload}
                label={p.label}
                format={formatUsd}
              />
            )}
          />
          <Legend />
          <Bar
            dataKey="readUsd"
            name="Cache reads"
            stackId="r"
            fill="var(--chart-3)"
            isAnimationActive={false}
          />
          <Bar
            dataKey="writeUsd"
            name="Cache writes"
            stackId="r"
            fill="var(--chart-2)"
            isAnimationActive={false}
          />
          <Bar
            dataKey="outputUsd"
            name="Output"
            stackId="r"
            fill="var(--chart-1)"
            isAnimationActive={false}
          />
          <Bar
            dataKey="classifierUsd"
            name="Classifier"
            stackId="r"
            fill="var(--chart-4)"
            isAnimationActive={false}
          />
        </BarChart>
      }
      table={
        <Table
          head={['Setup', 'Reads', 'Writes', 'Output', 'Classifier', 'Total']}
          rows={rows.map((r) => [
            r.setup,
            formatUsd(r.readUsd),
            formatUsd(r.writeUsd),
            formatUsd(r.outputUsd),
            formatUsd(r.classifierUsd),
            formatUsd(r.totalUsd),
          ])}
        />
      }
    />
  );
}
