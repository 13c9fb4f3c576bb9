import { memo, useMemo } from 'react';
import { ChartFrame } from '../../ui/ChartFrame.tsx';
import { DataTable } from '../../ui/DataTable.tsx';
import { formatPercent, formatTokens, formatUsd, withArticle } from '../../ui/format.ts';
import { formatDeltaPct, policyAssumptionWords } from '../../ui/policy-words.ts';
import type {
  BudgetFigures,
  GateFigures,
  PopulationFigures,
  RoutingFigures,
} from '../../domain/headline-figures.ts';
import type { BarSeries } from '../../ui/charts/BarChart.tsx';
import { PALETTE } from '../../ui/charts/palette.ts';
import { ReportBarChart, TOKEN_FORMATS, USD_FORMATS } from './report-chart-bits.tsx';
import { budgetRowsData, gateTermsData, policyData, routingData } from './report-chart-data.ts';

const GATE_SERIES: readonly BarSeries[] = [
  { id: 'saving', label: 'Saving', color: PALETTE.saves },
  { id: 'cost', label: 'Cost', color: PALETTE.loses },
];

/** The gate's three priced terms and the net saving, USD. */
export const GateTermsChart = memo(function GateTermsChart({ gate }: { gate: GateFigures }) {
  const d = gate.decision;
  const { categories, csv } = useMemo(() => gateTermsData(d), [d]);
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
          columns={[
            { key: 'term', header: 'Term', cell: (r) => r.term, rowHeader: true },
            { key: 'usd', header: 'USD', cell: (r) => formatUsd(r.usd) },
          ]}
          rows={csv}
          rowKey={(_, i) => i}
        />
      }
    />
  );
});

const POLICY_SERIES: readonly BarSeries[] = [
  { id: 'cost', label: 'Cost per 1,000 outputs', color: PALETTE.result },
];

/** Never offload vs size-only vs the gate over the population, USD per 1,000 outputs. */
export const PolicyChart = memo(function PolicyChart({
  population,
}: {
  population: PopulationFigures;
}) {
  const { rows, categories, references } = useMemo(() => policyData(population), [population]);
  const loses = population.sizeOnlyUsd > population.neverOffloadUsd;
  const { comparison, basis } = population.policies;
  const assumptions = useMemo(
    () => [
      `model ${basis.modelName}`,
      ...policyAssumptionWords(basis),
      `size-only threshold ${formatTokens(population.sizeOnlyThresholdTokens)} tokens`,
    ],
    [basis, population.sizeOnlyThresholdTokens],
  );
  return (
    <ChartFrame
      title="Offload policies over 1,000 outputs"
      exportable
      assumptions={assumptions}
      csvRows={rows}
      summary={`Per 1,000 tool outputs: never offloading costs ${formatUsd(population.neverOffloadUsd)}, size-only offload at ${formatTokens(population.sizeOnlyThresholdTokens)} tokens ${formatUsd(population.sizeOnlyUsd)} (${formatDeltaPct(comparison.sizeOnly.deltaVsNeverPct)} vs never${loses ? ', more than never offloading' : ''}), the net-saving gate ${formatUsd(population.netSavingGateUsd)} (${formatDeltaPct(comparison.gate.deltaVsNeverPct)} vs never); ${basis.carryBasis === 'cached' ? 'cache-aware basis' : "the seed's uncached basis"}.`}
      chart={
        <ReportBarChart
          orientation="columns"
          series={POLICY_SERIES}
          categories={categories}
          references={references}
          extraLegend={[{ label: 'Never offload level', color: PALETTE.baseline, dash: true }]}
          {...USD_FORMATS}
        />
      }
      table={
        <DataTable
          caption="Offload policies over 1,000 outputs"
          columns={[
            { key: 'policy', header: 'Policy', cell: (r) => r.policy, rowHeader: true },
            { key: 'cost', header: 'USD per 1,000 outputs', cell: (r) => formatUsd(r.costUsd) },
            {
              key: 'change',
              header: 'Change vs never',
              cell: (r) => formatDeltaPct(r.deltaVsNeverPct),
            },
            {
              key: 'carried',
              header: 'Carried cache hit',
              cell: (r) => formatPercent(r.carriedCacheHitPct / 100),
            },
          ]}
          rows={rows}
          rowKey={(_, i) => i}
        />
      }
    />
  );
});

const BUDGET_SERIES: readonly BarSeries[] = [
  { id: 'pinned', label: 'Pinned', color: PALETTE.pinned },
  { id: 'admitted', label: 'Admitted', color: PALETTE.admitted },
  { id: 'dropped', label: 'Dropped', color: PALETTE.dropped },
];

/** Each budget row's tokens in compiled order, split by what admission did. */
export const BudgetChart = memo(function BudgetChart({ budget }: { budget: BudgetFigures }) {
  const { categories, csv } = useMemo(() => budgetRowsData(budget.rows), [budget.rows]);
  const { report } = budget;
  return (
    <ChartFrame
      title="Prompt rows admitted and dropped"
      exportable
      csvRows={csv}
      summary={`${formatTokens(report.totalTokens)} tokens admitted${report.limit === null ? ' (unbounded budget)' : ` of ${withArticle(`${formatTokens(report.limit)}-token`)} budget`}; ${report.dropped.length === 0 ? 'nothing dropped' : `dropped: ${report.dropped.join(', ')}`}.`}
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
          columns={[
            { key: 'row', header: 'Row', cell: (r) => r.contributionId, rowHeader: true },
            { key: 'position', header: 'Position', cell: (r) => r.position },
            { key: 'tokens', header: 'Tokens', cell: (r) => formatTokens(r.tokens) },
            { key: 'status', header: 'Status', cell: (r) => r.status },
          ]}
          rows={csv}
          rowKey={(_, i) => i}
        />
      }
    />
  );
});

const ROUTING_SERIES: readonly BarSeries[] = [
  { id: 'read', label: 'Cache reads', color: PALETTE.cacheRead },
  { id: 'write', label: 'Cache writes', color: PALETTE.cacheWrite },
  { id: 'output', label: 'Output', color: PALETTE.output },
  { id: 'classifier', label: 'Classifier', color: PALETTE.classifier },
];

/** The routing strategy's cost split beside the default-model baseline, USD. */
export const RoutingChart = memo(function RoutingChart({ routing }: { routing: RoutingFigures }) {
  const { rows, categories } = useMemo(() => routingData(routing), [routing]);
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
          columns={[
            { key: 'setup', header: 'Setup', cell: (r) => r.setup, rowHeader: true },
            { key: 'read', header: 'Reads', cell: (r) => formatUsd(r.readUsd) },
            { key: 'write', header: 'Writes', cell: (r) => formatUsd(r.writeUsd) },
            { key: 'output', header: 'Output', cell: (r) => formatUsd(r.outputUsd) },
            { key: 'classifier', header: 'Classifier', cell: (r) => formatUsd(r.classifierUsd) },
            { key: 'total', header: 'Total', cell: (r) => formatUsd(r.totalUsd) },
          ]}
          rows={rows}
          rowKey={(_, i) => i}
        />
      }
    />
  );
});
