/**
 * The report's four charts. Each draws a view its node derived
 * (`report-nodes.ts`, from `report-chart-data.ts`): bars, summary, CSV and
 * table cells; a chart re-renders only when its view changes identity.
 */
import { memo } from 'react';
import { ChartFrame } from '../../ui/ChartFrame.tsx';
import type { BarSeries } from '../../ui/charts/BarChart.tsx';
import { PALETTE } from '../../ui/charts/palette.ts';
import { CellsTable, ReportBarChart, TOKEN_FORMATS, USD_FORMATS } from './report-chart-bits.tsx';
import type {
  BudgetRowsView,
  GateTermsView,
  PolicyView,
  RoutingView,
} from './report-chart-data.ts';

const GATE_SERIES: readonly BarSeries[] = [
  { id: 'saving', label: 'Saving', color: PALETTE.saves },
  { id: 'cost', label: 'Cost', color: PALETTE.loses },
];

/** The gate's three priced terms and the net saving, USD. */
export const GateTermsChart = memo(function GateTermsChart({ chart }: { chart: GateTermsView }) {
  const { categories, csv, summary, table } = chart;
  return (
    <ChartFrame
      title="Offload gate terms"
      exportable
      csvRows={csv}
      summary={summary}
      chart={
        <ReportBarChart
          orientation="columns"
          series={GATE_SERIES}
          categories={categories}
          {...USD_FORMATS}
        />
      }
      table={<CellsTable caption="Offload gate terms" head={['Term', 'USD']} rows={table} />}
    />
  );
});

const POLICY_SERIES: readonly BarSeries[] = [
  { id: 'cost', label: 'Cost per 1,000 outputs', color: PALETTE.result },
];

/** Never offload vs size-only vs the gate over the population, USD per 1,000 outputs. */
export const PolicyChart = memo(function PolicyChart({ chart }: { chart: PolicyView }) {
  const { rows, categories, references, assumptions, summary, table } = chart;
  return (
    <ChartFrame
      title="Offload policies over 1,000 outputs"
      exportable
      assumptions={assumptions}
      csvRows={rows}
      summary={summary}
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
        <CellsTable
          caption="Offload policies over 1,000 outputs"
          head={['Policy', 'USD per 1,000 outputs', 'Change vs never', 'Carried cache hit']}
          rows={table}
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
export const BudgetChart = memo(function BudgetChart({ chart }: { chart: BudgetRowsView }) {
  const { categories, csv, summary, table } = chart;
  return (
    <ChartFrame
      title="Prompt rows admitted and dropped"
      exportable
      csvRows={csv}
      summary={summary}
      chart={
        <ReportBarChart
          orientation="rows"
          series={BUDGET_SERIES}
          categories={categories}
          {...TOKEN_FORMATS}
        />
      }
      table={
        <CellsTable
          caption="Prompt rows admitted and dropped"
          head={['Row', 'Position', 'Tokens', 'Status']}
          rows={table}
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
export const RoutingChart = memo(function RoutingChart({ chart }: { chart: RoutingView }) {
  const { rows, categories, summary, table } = chart;
  return (
    <ChartFrame
      title="Routing cost against the baseline"
      exportable
      csvRows={rows}
      summary={summary}
      chart={
        <ReportBarChart
          orientation="columns"
          series={ROUTING_SERIES}
          categories={categories}
          {...USD_FORMATS}
        />
      }
      table={
        <CellsTable
          caption="Routing cost against the baseline"
          head={['Setup', 'Reads', 'Writes', 'Output', 'Classifier', 'Total']}
          rows={table}
        />
      }
    />
  );
});
