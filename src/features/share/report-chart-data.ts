/**
 * The report charts' data as pure functions of the headline figures: the
 * bars of each chart, its reference lines, its CSV rows, its data table's
 * cells and its summary in words. The report's nodes (`report-nodes.ts`)
 * call them; the chart components only draw what they return.
 */
import { PALETTE } from '../../ui/charts/palette.ts';
import {
  formatPercent,
  formatTokens,
  formatTokensShort,
  formatUsd,
  withArticle,
} from '../../ui/format.ts';
import { formatDeltaPct, policyAssumptionWords } from '../../domain/policy-words.ts';
import type {
  BudgetFigures,
  GateFigures,
  PopulationFigures,
  RoutingFigures,
} from '../../domain/headline-figures.ts';

/** The gate terms chart: saving and cost per term, and the CSV rows. */
export function gateTermsData(d: GateFigures['decision']) {
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
}

/** The policies chart: one bar per policy, and the never-offload level. */
export function policyData(population: PopulationFigures) {
  const { never, sizeOnly, gate } = population.policies.comparison;
  const policies = [
    { policy: 'Never offload', outcome: never },
    {
      policy: `Size-only ≥ ${formatTokensShort(population.sizeOnlyThresholdTokens)}`,
      outcome: sizeOnly,
    },
    { policy: 'Net-saving gate', outcome: gate },
  ].map(({ policy, outcome }) => ({
    policy,
    costUsd: outcome.totalUsd,
    deltaVsNeverPct: outcome.deltaVsNeverPct,
    carriedCacheHitPct: outcome.carriedCacheHitPct,
  }));
  return {
    rows: policies,
    categories: policies.map((p) => ({ label: p.policy, values: [p.costUsd] })),
    references: [{ value: population.neverOffloadUsd, color: PALETTE.baseline }],
  };
}

/** The prompt rows chart: each row's tokens by what admission did, and the CSV rows. */
export function budgetRowsData(rows: BudgetFigures['rows']) {
  return {
    categories: rows.map((r) => ({
      label: r.contributionId,
      values: [
        r.pinned ? r.tokens : 0,
        !r.pinned && r.admitted ? r.tokens : 0,
        r.admitted ? 0 : r.tokens,
      ],
    })),
    csv: rows.map((r) => ({
      contributionId: r.contributionId,
      position: r.position,
      tokens: r.tokens,
      pinned: r.pinned,
      status: r.pinned ? 'Pinned' : r.admitted ? 'Admitted' : 'Dropped',
    })),
  };
}

/** The routing chart: the cost split of your routing and of the baseline. */
export function routingData(routing: RoutingFigures) {
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
}

/** A chart's data table: one row of cells per line, the first heading the row. */
export type TableCells = readonly (readonly string[])[];

/** Everything the gate terms chart shows. */
export interface GateTermsView extends ReturnType<typeof gateTermsData> {
  readonly summary: string;
  readonly table: TableCells;
}

/** The gate terms chart of a decision. */
export function gateTermsView(d: GateFigures['decision']): GateTermsView {
  const data = gateTermsData(d);
  return {
    ...data,
    summary: `Offloading saves ${formatUsd(d.reprefillSavingUsd)} of re-prefill against ${formatUsd(d.stubCarryCostUsd)} for the stub and ${formatUsd(d.expectedRecallHopCostUsd)} for the expected recall hop: net ${formatUsd(d.netSavingUsd)}, so the gate ${d.fire ? 'fires' : 'does not fire'}.`,
    table: data.csv.map((r) => [r.term, formatUsd(r.usd)]),
  };
}

/** Everything the policies chart shows. */
export interface PolicyView extends ReturnType<typeof policyData> {
  readonly summary: string;
  readonly assumptions: readonly string[];
  readonly table: TableCells;
}

/** The policies chart of a population comparison. */
export function policyView(population: PopulationFigures): PolicyView {
  const data = policyData(population);
  const loses = population.sizeOnlyUsd > population.neverOffloadUsd;
  const { comparison, basis } = population.policies;
  return {
    ...data,
    summary: `Per 1,000 tool outputs: never offloading costs ${formatUsd(population.neverOffloadUsd)}, size-only offload at ${formatTokens(population.sizeOnlyThresholdTokens)} tokens ${formatUsd(population.sizeOnlyUsd)} (${formatDeltaPct(comparison.sizeOnly.deltaVsNeverPct)} vs never${loses ? ', more than never offloading' : ''}), the net-saving gate ${formatUsd(population.netSavingGateUsd)} (${formatDeltaPct(comparison.gate.deltaVsNeverPct)} vs never); ${basis.carryBasis === 'cached' ? 'cache-aware basis' : "the seed's uncached basis"}.`,
    assumptions: [
      `model ${basis.modelName}`,
      ...policyAssumptionWords(basis),
      `size-only threshold ${formatTokens(population.sizeOnlyThresholdTokens)} tokens`,
    ],
    table: data.rows.map((r) => [
      r.policy,
      formatUsd(r.costUsd),
      formatDeltaPct(r.deltaVsNeverPct),
      formatPercent(r.carriedCacheHitPct / 100),
    ]),
  };
}

/** Everything the prompt rows chart shows. */
export interface BudgetRowsView extends ReturnType<typeof budgetRowsData> {
  readonly summary: string;
  readonly table: TableCells;
}

/** The prompt rows chart of a budget's admission. */
export function budgetRowsView(budget: BudgetFigures): BudgetRowsView {
  const data = budgetRowsData(budget.rows);
  const { report } = budget;
  return {
    ...data,
    summary: `${formatTokens(report.totalTokens)} tokens admitted${report.limit === null ? ' (unbounded budget)' : ` of ${withArticle(`${formatTokens(report.limit)}-token`)} budget`}; ${report.dropped.length === 0 ? 'nothing dropped' : `dropped: ${report.dropped.join(', ')}`}.`,
    table: data.csv.map((r) => [
      r.contributionId,
      String(r.position),
      formatTokens(r.tokens),
      r.status,
    ]),
  };
}

/** Everything the routing chart shows. */
export interface RoutingView extends ReturnType<typeof routingData> {
  readonly summary: string;
  readonly table: TableCells;
}

/** The routing chart of a routing run and its baseline. */
export function routingView(routing: RoutingFigures): RoutingView {
  const data = routingData(routing);
  const saving = routing.baseline.totalUsd - routing.totals.totalUsd;
  return {
    ...data,
    summary: `Your routing costs ${formatUsd(routing.totals.totalUsd)} over ${formatTokens(routing.hops)} hops; running every hop on ${routing.baselineModel} costs ${formatUsd(routing.baseline.totalUsd)}, so routing ${saving >= 0 ? `saves ${formatUsd(saving)}` : `costs ${formatUsd(-saving)} more`}.`,
    table: data.rows.map((r) => [
      r.setup,
      formatUsd(r.readUsd),
      formatUsd(r.writeUsd),
      formatUsd(r.outputUsd),
      formatUsd(r.classifierUsd),
      formatUsd(r.totalUsd),
    ]),
  };
}
