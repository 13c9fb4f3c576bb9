/**
 * The report charts' data as pure functions of the headline figures: the
 * bars of each chart, its reference lines, and its CSV rows.
 */
import { PALETTE } from '../../ui/charts/palette.ts';
import { formatTokensShort } from '../../ui/format.ts';
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
