import { memo, useMemo } from 'react';
import { ChartFrame } from '../../ui/ChartFrame.tsx';
import { formatTokens, formatTokensShort, formatUsd } from '../../ui/format.ts';
import type {
  BudgetFigures,
  GateFigures,
  PopulationFigures,
  RoutingFigures,
} from './headline-figures.ts';
import {
  DataTable,
  REPORT_COLORS,
  ReportBarChart,
  TOKEN_FORMATS,
  USD_FORMATS,
} from './report-chart-bits.tsx';
import type { BarSeries } from './StackedBarChart.tsx';

const GATE_SERIES: readonly BarSeries[] = [
  { id: 'saving', label: 'Saving', color: REPORT_COLORS.green },
  { id: 'cost', label: 'Cost', color: REPORT_COLORS.orange },
];

/** The gate's three priced terms and the net saving, USD. */
export const GateTermsChart = memo(function GateTermsChart({ gate }: { gate: GateFigures }) {
  const d = gate.decision;
  const { categories, csv } = useMemo(() => {
    const net = d.netSavingUsd;
    const terms = [
      { term: 'Re-prefill', name: 'Re-prefill saved', saving: d.reprefillSavingUsd, cost: 0 },
      { term: 'Stub', name: 'Stub carried', saving: 0, cost: d.stubCarryCostUsd },
      {
        term: 'Recall hop',
        name: 'Expected recall hop',
        saving: 0,
        cost: d.expectedRecallHopCostUsd,
      },
      { term: 'Net', name: 'Net saving', saving: Math.max(0, net), cost: Math.max(0, -net) },
    ];
    return {
      categories: terms.map((t) => ({ label: t.term, values: [t.saving, t.cost] })),
      csv: terms.map((t) => ({ term: t.name, usd: t.saving - t.cost })),
    };
  }, [d]);
  return (
    <ChartFrame
      title="Offload gate terms"
      exportable
      csvRows={csv}
      summary={`Offloading saves ${formatUsd(d.reprefillSavingUsd)} of re-prefill against ${formatUsd(d.stubCarryCostUsd)} for the stub and ${formatUsd(d.expectedRecallHopCostUsd)} for the expected recall hop: net ${formatUsd(d.netSavingUsd)}, so the gate ${d.fire ? 'fires' : 'does not fire'}.`}
      chart={
        <ReportBarChart
          orientation="columns"
          series={GATE_SERIES}
          categories={categories}
          {...USD_FORMATS}
        />
      }
      table={
        <DataTable
          caption="Offload gate terms"
          head={['Term', 'USD']}
          rows={csv.map((r) => [r.term, formatUsd(r.usd)])}
        />
      }
    />
  );
});

const POLICY_SERIES: readonly BarSeries[] = [
  { id: 'cost', label: 'Cost per 1,000 outputs', color: REPORT_COLORS.blue },
];

/** Never offload vs size-only vs the gate over the population, USD per 1,000 outputs. */
export const PolicyChart = memo(function PolicyChart({
  population,
}: {
  population: PopulationFigures;
}) {
  const { rows, categories, references } = useMemo(() => {
    const policies = [
      { policy: 'Never offload', costUsd: population.neverOffloadUsd },
      {
        policy: `Size-only ≥ ${formatTokensShort(population.sizeOnlyThresholdTokens)}`,
        costUsd: population.sizeOnlyUsd,
      },
      { policy: 'Net-saving gate', costUsd: population.netSavingGateUsd },
    ];
    return {
      rows: policies,
      categories: policies.map((p) => ({ label: p.policy, values: [p.costUsd] })),
      references: [{ value: population.neverOffloadUsd, color: REPORT_COLORS.reference }],
    };
  }, [population]);
  const loses = population.sizeOnlyUsd > population.neverOffloadUsd;
  return (
    <ChartFrame
      title="Offload policies over 1,000 outputs"
      exportable
      csvRows={rows}
      summary={`Per 1,000 tool outputs: never offloading costs ${formatUsd(population.neverOffloadUsd)}, size-only offload at ${formatTokens(population.sizeOnlyThresholdTokens)} tokens ${formatUsd(population.sizeOnlyUsd)}${loses ? ' (more than never offloading)' : ''}, the net-saving gate ${formatUsd(population.netSavingGateUsd)}.`}
      chart={
        <ReportBarChart
          orientation="columns"
          series={POLICY_SERIES}
          categories={categories}
          references={references}
          extraLegend={[
            { label: 'Never offload level', color: REPORT_COLORS.reference, dash: true },
          ]}
          {...USD_FORMATS}
        />
      }
      table={
        <DataTable
          caption="Offload policies over 1,000 outputs"
          head={['Policy', 'USD per 1,000 outputs']}
          rows={rows.map((r) => [r.policy, formatUsd(r.costUsd)])}
        />
      }
    />
  );
});

const BUDGET_SERIES: readonly BarSeries[] = [
  { id: 'pinned', label: 'Pinned', color: REPORT_COLORS.violet },
  { id: 'admitted', label: 'Admitted', color: REPORT_COLORS.green },
  { id: 'dropped', label: 'Dropped', color: REPORT_COLORS.orange },
];

/** Each budget row's tokens in compiled order, split by what admission did. */
export const BudgetChart = memo(function BudgetChart({ budget }: { budget: BudgetFigures }) {
  const { categories, csv } = useMemo(
    () => ({
      categories: budget.rows.map((r) => ({
        label: r.contributionId,
        values: [
          r.pinned ? r.tokens : 0,
          !r.pinned && r.admitted ? r.tokens : 0,
          r.admitted ? 0 : r.tokens,
        ],
      })),
      csv: budget.rows.map((r) => ({
        contributionId: r.contributionId,
        position: r.position,
        tokens: r.tokens,
        pinned: r.pinned,
        status: r.pinned ? 'Pinned' : r.admitted ? 'Admitted' : 'Dropped',
      })),
    }),
    [budget.rows],
  );
  const { report } = budget;
  return (
    <ChartFrame
      title="Prompt rows admitted and dropped"
      exportable
      csvRows={csv}
      summary={`${formatTokens(report.totalTokens)} tokens admitted${report.limit === null ? ' (unbounded budget)' : ` of a ${formatTokens(report.limit)}-token budget`}; ${report.dropped.length === 0 ? 'nothing dropped' : `dropped: ${report.dropped.join(', ')}`}.`}
      chart={
        <ReportBarChart
          orientation="rows"
          series={BUDGET_SERIES}
          categories={categories}
          {...TOKEN_FORMATS}
        />
      }
      table={
        <DataTable
          caption="Prompt rows admitted and dropped"
          head={['Row', 'Position', 'Tokens', 'Status']}
          rows={csv.map((r) => [r.contributionId, r.position, formatTokens(r.tokens), r.status])}
        />
      }
    />
  );
});

const ROUTING_SERIES: readonly BarSeries[] = [
  { id: 'read', label: 'Cache reads', color: REPORT_COLORS.green },
  { id: 'write', label: 'Cache writes', color: REPORT_COLORS.orange },
  { id: 'output', label: 'Output', color: REPORT_COLORS.blue },
  { id: 'classifier', label: 'Classifier', color: REPORT_COLORS.violet },
];

/** The routing strategy's cost split beside the default-model baseline, USD. */
export const RoutingChart = memo(function RoutingChart({ routing }: { routing: RoutingFigures }) {
  const { rows, categories } = useMemo(() => {
    const split = (setup: string, t: RoutingFigures['totals']) => ({
      setup,
      readUsd: t.readUsd,
      writeUsd: t.writeUsd,
      outputUsd: t.outputUsd,
      classifierUsd: t.classifierUsd,
      totalUsd: t.totalUsd,
    });
    const setups = [
      split('Your routing', routing.totals),
      split(`Baseline: ${routing.baselineModel}`, routing.baseline),
    ];
    return {
      rows: setups,
      categories: setups.map((r) => ({
        label: r.setup,
        values: [r.readUsd, r.writeUsd, r.outputUsd, r.classifierUsd],
      })),
    };
  }, [routing]);
  const saving = routing.baseline.totalUsd - routing.totals.totalUsd;
  return (
    <ChartFrame
      title="Routing cost against the baseline"
      exportable
      csvRows={rows}
      summary={`Your routing costs ${formatUsd(routing.totals.totalUsd)} over ${formatTokens(routing.hops)} hops; running every hop on ${routing.baselineModel} costs ${formatUsd(routing.baseline.totalUsd)}, so routing ${saving >= 0 ? `saves ${formatUsd(saving)}` : `costs ${formatUsd(-saving)} more`}.`}
      chart={
        <ReportBarChart
          orientation="columns"
          series={ROUTING_SERIES}
          categories={categories}
          {...USD_FORMATS}
        />
      }
      table={
        <DataTable
          caption="Routing cost against the baseline"
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
});
