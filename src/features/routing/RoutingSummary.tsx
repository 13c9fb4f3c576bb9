import { memo } from 'react';
import { savingVsBaseline } from '../../domain/baselines.ts';
import type { SimOutcome } from '../../domain/routing-runs.ts';
import type { StrategyComparison } from '../../domain/strategies.ts';
import { useValue } from '../../state/derive.ts';
import { formatPercent, formatUsd } from '../../ui/format.ts';
import { strategyComparison } from './strategy-comparison.ts';

/** Short names for the one-line comparison. */
const SHORT: Readonly<Record<StrategyComparison['rows'][number]['id'], string>> = {
  fixed: 'fixed',
  hopAware: 'hop-aware',
  classifier: 'classifier',
  stickyClassifier: 'sticky',
};

/** The four strategies' totals in one line (wide screens only): the comparison while editing. */
function StrategiesLine({ comparison }: { comparison: StrategyComparison }) {
  return (
    <span className="summary-strategies">
      Strategies:{' '}
      {comparison.rows.map((r, i) => (
        <span key={r.id} className={r.current ? 'summary-current' : undefined}>
          {i > 0 && ' · '}
          {SHORT[r.id]} {r.ok ? formatUsd(r.totalUsd) : '—'}
          {r.id === comparison.cheapest && ' (cheapest)'}
        </span>
      ))}
    </span>
  );
}

interface RoutingSummaryProps {
  main: SimOutcome;
  reference: SimOutcome;
  defaultModel: string;
}

/**
 * The totals in one line that stays in view while the conversation is
 * edited: sticky at the top of the results on a wide screen, a bar at the
 * foot of the screen on a phone (the gate's pattern). The Totals card below
 * is the live region; this line repeats its headline figures and is not
 * announced again. Its height never depends on the figures, so an update
 * moves nothing.
 */
export const RoutingSummary = memo(function RoutingSummary(props: RoutingSummaryProps) {
  const { main, reference, defaultModel } = props;
  const comparison = useValue(strategyComparison);
  const totalUsd = main.ok ? main.result.totals.totalUsd : null;
  const baselineUsd = reference.ok ? reference.result.totals.totalUsd : null;
  const saving =
    totalUsd !== null && baselineUsd !== null ? savingVsBaseline(baselineUsd, totalUsd) : null;
  const tone =
    saving === null
      ? 'none'
      : saving.savingUsd > 0
        ? 'fire'
        : saving.savingUsd < 0
          ? 'loss'
          : 'keep';
  let versus: string;
  let against = '';
  if (totalUsd === null) versus = 'this routing cannot be priced';
  else if (saving === null) versus = 'no baseline to compare with';
  else if (saving.savingUsd === 0) {
    versus = 'costs the same';
    against = ` as every hop on ${defaultModel}`;
  } else {
    const pct =
      saving.savingFraction === null ? '' : ` (${formatPercent(Math.abs(saving.savingFraction))})`;
    versus =
      saving.savingUsd > 0
        ? `saves ${formatUsd(saving.savingUsd)}${pct}`
        : `costs ${formatUsd(-saving.savingUsd)}${pct} more`;
    against =
      saving.savingUsd > 0
        ? ` vs. every hop on ${defaultModel}`
        : ` than every hop on ${defaultModel}`;
  }
  return (
    <section className={`results-summary ${tone}`} aria-label="Routing summary">
      <strong>Total {totalUsd === null ? '—' : formatUsd(totalUsd)}</strong>
      <span className="summary-versus">
        {versus}
        <span className="summary-against">{against}</span>
      </span>
      {comparison !== null && <StrategiesLine comparison={comparison} />}
    </section>
  );
});
