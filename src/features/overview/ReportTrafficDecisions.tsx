import { useEffect, useId } from 'react';
import { formatFraction, formatMoney, formatMoneyChange } from '../../format/number-format.ts';
import { plural } from '../traffic/plural.ts';
import { startTrafficSession } from '../traffic/traffic-session.ts';
import { LEVEL_WORDS } from './DecisionFacts.tsx';
import { tokensText } from './overview-view.ts';
import { useOverview } from './use-overview.ts';
import './overview.css';

/**
 * The report's opening when traffic is loaded in this browser: the
 * Overview's bill and its decisions, as the Overview words them (the same
 * answers, never a second copy), compact enough that the report still
 * prints on one page. Project names are left out: they are the trace's own,
 * and a report leaves this browser.
 */
export function ReportTrafficDecisions() {
  const id = useId();
  const { hasTraffic, view, searching } = useOverview();
  useEffect(() => {
    void startTrafficSession();
  }, []);
  if (hasTraffic !== true) return null;
  return (
    <section aria-labelledby={`${id}-h`} className="report-traffic-decisions">
      <h3 id={`${id}-h`}>Your traffic</h3>
      {view === undefined ? (
        <p className="loading" role="status">
          Working out your bill…
        </p>
      ) : (
        <>
          <p className="report-bill-line">
            <span>
              As billed <strong>{formatMoney(view.bill.totalUsd)}</strong>
            </span>
            <span>
              As billed, per 30 days{' '}
              <strong>
                {view.bill.spanDays > 0 ? formatMoney(view.bill.per30DaysUsd) : 'under a day'}
              </strong>
            </span>
            <span>
              {plural(view.bill.calls, 'call')} in {plural(view.bill.conversations, 'conversation')}
              , {tokensText(view.bill.tokens)}
              {view.bill.unpricedCalls > 0
                ? `; ${plural(view.bill.unpricedCalls, 'call')} without a price row left out`
                : ''}
            </span>
          </p>
          <p className="report-bill-parts">
            Where the bill goes:{' '}
            {view.bill.parts
              .map(
                (p) =>
                  `${p.label.toLowerCase()} ${formatMoney(p.usd)} (${formatFraction(p.share)})`,
              )
              .join(', ')}
            .
          </p>
          {searching ? (
            <p className="loading" role="status">
              Searching the cheapest settings…
            </p>
          ) : null}
          <table className="report-decision-table">
            <caption>
              Decisions on this traffic: each figure against what was billed (offloading: against
              never offloading), per 30 days at its rate
            </caption>
            <thead>
              <tr>
                <th scope="col">Question</th>
                <th scope="col">What the traffic says</th>
                <th scope="col">Per 30 days</th>
                <th scope="col">Compared with; part of the bill</th>
                <th scope="col">How sure</th>
              </tr>
            </thead>
            <tbody>
              {view.decisions.map((d) => (
                <tr key={d.id}>
                  <th scope="row">{d.question}</th>
                  <td>{d.sentence}</td>
                  <td data-label="Per 30 days">
                    {d.changePer30DaysUsd === undefined
                      ? '—'
                      : formatMoneyChange(d.changePer30DaysUsd)}
                  </td>
                  <td data-label="Compared with; part of the bill">
                    {d.comparedWith}; {d.billPart}
                  </td>
                  <td data-label="How sure">{LEVEL_WORDS[d.confidence.level]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
