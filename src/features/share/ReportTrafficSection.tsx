import { useId } from 'react';
import { useTrafficFigures } from '../../engine/traces/traffic-figures.ts';
import { useAppStore } from '../../state/store.ts';
import { choiceWordsWithoutTraceNames } from '../../state/trace-names.ts';
import { formatPercent, formatPlain, formatUsd } from '../../ui/format.ts';
import { reportTrafficOf } from './report-nodes.ts';

/**
 * The report's traffic section: the imported traffic as billed,
 * the replay chosen on the traffic tab, and the monthly figure. Shown only
 * when traffic is loaded in this browser; it names figures, never calls.
 */
export function ReportTrafficSection() {
  const id = useId();
  const traffic = reportTrafficOf(useTrafficFigures());
  const mapping = useAppStore((s) => s.traffic.replay.mapping);
  const prices = useAppStore((s) => s.prices);
  if (traffic === null) return null;
  const { source, rates, replay, asBilledUsd, asBilledPerMonthUsd, replayPerMonthUsd } = traffic;
  return (
    <section aria-labelledby={`${id}-t`} className="report-traffic">
      <h3 id={`${id}-t`}>Your traffic</h3>
      <p className="note">
        {source}: figures derived in this browser from the imported calls; the calls themselves are
        not in this report or its links.
      </p>
      <dl className="terms">
        <div className="term">
          <dt>As billed</dt>
          <dd>
            {formatUsd(asBilledUsd)} over {formatPlain(Math.round(rates.spanDays * 10) / 10)}{' '}
            {rates.spanDays === 1 ? 'day' : 'days'} ({formatUsd(rates.asBilledUsdPerDay)} a day)
          </dd>
        </div>
        <div className="term">
          <dt>As billed, per 30 days</dt>
          <dd>{formatUsd(asBilledPerMonthUsd)}</dd>
        </div>
        <div className="term term-wide">
          <dt>Chosen replay</dt>
          <dd>
            {replay === undefined
              ? 'no replay chosen'
              : `${choiceWordsWithoutTraceNames(replay.choiceText, mapping, prices)}: ${formatUsd(replay.replayUsd)} against ${formatUsd(replay.asBilledUsd)} as billed (${replay.deltaUsd >= 0 ? '+' : '\u2212'}${formatUsd(Math.abs(replay.deltaUsd))}${replay.deltaPct === null ? '' : `, ${replay.deltaPct >= 0 ? '+' : '\u2212'}${formatPercent(Math.abs(replay.deltaPct) / 100, 1)}`}), cache hit ${formatPercent(replay.cacheHitShare, 1)}`}
          </dd>
        </div>
        {replayPerMonthUsd === undefined ? null : (
          <div className="term">
            <dt>Chosen replay, per 30 days</dt>
            <dd>{formatUsd(replayPerMonthUsd)}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}
