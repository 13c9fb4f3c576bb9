import { useId } from 'react';
import { useTrafficFigures } from '../../engine/traces/traffic-figures.ts';
import { useAppStore } from '../../state/store.ts';
import { choiceWordsWithoutTraceNames } from './report-trace-names.ts';
import { formatPercent, formatPlain, formatUsd } from '../../ui/format.ts';
import { reportTrafficOf } from './report-nodes.ts';

/**
 * The report's section on the replay chosen on the traffic tab: against
 * the bill over the traffic's span, and per 30 days (the bill itself and
 * its decisions open the report). Shown only
 * when traffic is loaded in this browser; it names figures, never calls.
 */
export function ReportTrafficSection() {
  const id = useId();
  const traffic = reportTrafficOf(useTrafficFigures());
  const mapping = useAppStore((s) => s.traffic.replay.mapping);
  const prices = useAppStore((s) => s.prices);
  if (traffic === null) return null;
  const { source, rates, replay, asBilledUsd, replayPerMonthUsd } = traffic;
  return (
    <section aria-labelledby={`${id}-t`} className="report-traffic">
      <h3 id={`${id}-t`}>The replay chosen on Your traffic</h3>
      <p>
        {replay === undefined
          ? 'No replay chosen'
          : `${choiceWordsWithoutTraceNames(replay.choiceText, mapping, prices)}: ${formatUsd(replay.replayUsd)} against ${formatUsd(replay.asBilledUsd)} as billed (${replay.deltaUsd >= 0 ? '+' : '\u2212'}${formatUsd(Math.abs(replay.deltaUsd))}${replay.deltaPct === null ? '' : `, ${replay.deltaPct >= 0 ? '+' : '\u2212'}${formatPercent(Math.abs(replay.deltaPct) / 100, 1)}`}), cache hit ${formatPercent(replay.cacheHitShare, 1)}`}
        {replayPerMonthUsd === undefined ? null : (
          <>
            ; per 30 days <strong>{formatUsd(replayPerMonthUsd)}</strong>
          </>
        )}
        . The bill:{' '}
        <span>
          {formatUsd(asBilledUsd)} over {formatPlain(Math.round(rates.spanDays * 10) / 10)}{' '}
          {rates.spanDays === 1 ? 'day' : 'days'} ({formatUsd(rates.asBilledUsdPerDay)} a day)
        </span>
        .
      </p>
      <p className="note">
        {source}: figures derived in this browser from the imported calls; the calls themselves are
        not in this report or its links.
      </p>
    </section>
  );
}
