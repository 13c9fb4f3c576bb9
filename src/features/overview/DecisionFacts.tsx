/**
 * What the Overview shows of the bill and of each decision, without its
 * actions: the Overview adds the way to each tab, the report prints them.
 */
import { formatFraction, formatMoney, formatMoneyChange } from '../../format/number-format.ts';
import { plural } from '../traffic/plural.ts';
import { tokensText, type Decision, type OverviewBill } from './overview-view.ts';
import './overview.css';

/** The bill's figures, the calls it leaves out and where it goes, part by part. */
export function BillFigures({ bill }: { bill: OverviewBill }) {
  return (
    <>
      <dl className="overview-figures">
        <div>
          <dt>As billed</dt>
          <dd>{formatMoney(bill.totalUsd)}</dd>
        </div>
        <div>
          <dt>Per 30 days, at this traffic&apos;s rate</dt>
          <dd>{bill.spanDays > 0 ? formatMoney(bill.per30DaysUsd) : 'needs more than one day'}</dd>
        </div>
        <div>
          <dt>Traffic</dt>
          <dd>
            {plural(bill.calls, 'call')} in {plural(bill.conversations, 'conversation')},{' '}
            {tokensText(bill.tokens)}
          </dd>
        </div>
      </dl>
      {bill.unpricedCalls > 0 ? (
        <p className="note">
          {plural(bill.unpricedCalls, 'call')} had no price row and{' '}
          {bill.unpricedCalls === 1 ? 'is' : 'are'} not in the bill: add their prices on the Your
          traffic tab.
        </p>
      ) : null}
      <table className="overview-parts">
        <caption>Where the bill goes</caption>
        <thead>
          <tr>
            <th scope="col">Part</th>
            <th scope="col">USD</th>
            <th scope="col">Share</th>
          </tr>
        </thead>
        <tbody>
          {bill.parts.map((p) => (
            <tr key={p.label}>
              <th scope="row">{p.label}</th>
              <td>{formatMoney(p.usd)}</td>
              <td>{formatFraction(p.share)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">The bill</th>
            <td>{formatMoney(bill.totalUsd)}</td>
            <td>{formatFraction(bill.totalUsd > 0 ? 1 : 0)}</td>
          </tr>
        </tfoot>
      </table>
    </>
  );
}

export const LEVEL_WORDS: Record<Decision['confidence']['level'], string> = {
  exact: 'Exact on this traffic',
  estimate: 'An estimate',
  depends: 'Depends on an assumption',
};

/** A decision: its question, sentence and figure, and what it is compared with, stands for and how sure it is. */
export function DecisionFacts({ decision, headingId }: { decision: Decision; headingId: string }) {
  return (
    <>
      <h4 id={headingId}>{decision.question}</h4>
      <p className="overview-sentence">{decision.sentence}</p>
      {decision.changePer30DaysUsd === undefined || decision.changeUsd === 0 ? null : (
        <p className="overview-figure">
          {formatMoneyChange(decision.changePer30DaysUsd)} <span>per 30 days</span>
        </p>
      )}
      <dl className="overview-facts">
        <div>
          <dt>Compared with</dt>
          <dd>{decision.comparedWith}</dd>
        </div>
        <div>
          <dt>Part of the bill</dt>
          <dd>{decision.billPart}</dd>
        </div>
        <div>
          <dt>How sure</dt>
          <dd>
            <strong>{LEVEL_WORDS[decision.confidence.level]}.</strong> {decision.confidence.text}
          </dd>
        </div>
        {decision.givesUp.length === 0 ? null : (
          <div>
            <dt>Gives up</dt>
            <dd>
              <ul>
                {decision.givesUp.map((w) => (
                  <li key={w}>{w}</li>
                ))}
              </ul>
            </dd>
          </div>
        )}
      </dl>
    </>
  );
}
