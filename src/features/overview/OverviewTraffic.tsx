import { useEffect, useId } from 'react';
import { realMoves, ttlChoiceOf } from '../../domain/traffic-replay.ts';
import { setReplayScope } from '../../state/replay-scope.ts';
import { useAppStore } from '../../state/store.ts';
import { formatFraction, formatMoney, formatMoneyChange } from '../../format/number-format.ts';
import { startTrafficSession } from '../traffic/traffic-session.ts';
import { plural } from '../traffic/plural.ts';
import { tokensText, type BillLeader, type Decision, type OverviewBill } from './overview-view.ts';
import { useOverview } from './use-overview.ts';
import { Welcome } from './Welcome.tsx';

function Leaders({ title, rows }: { title: string; rows: readonly BillLeader[] }) {
  if (rows.length === 0) return null;
  return (
    <div className="overview-leaders">
      <h4>{title}</h4>
      <ol>
        {rows.map((r) => (
          <li key={r.name}>
            <bdi>{r.name}</bdi>: {formatMoney(r.usd)} ({formatFraction(r.share)},{' '}
            {plural(r.calls, 'call')})
          </li>
        ))}
      </ol>
    </div>
  );
}

function Bill({ bill }: { bill: OverviewBill }) {
  const id = useId();
  return (
    <section className="card overview-bill" aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`}>Your bill</h3>
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
      <div className="overview-leaders-row">
        <Leaders title="Top projects" rows={bill.topProjects} />
        <Leaders title="Top models" rows={bill.topModels} />
      </div>
    </section>
  );
}

const LEVEL_WORDS: Record<Decision['confidence']['level'], string> = {
  exact: 'Exact on this traffic',
  estimate: 'An estimate',
  depends: 'Depends on an assumption',
};

function DecisionItem({ decision }: { decision: Decision }) {
  const setTab = useAppStore((s) => s.setTab);
  const setChoice = useAppStore((s) => s.setReplayChoice);
  const setPopulation = useAppStore((s) => s.setPopulation);
  const id = useId();
  const { choice } = decision;
  return (
    <li className="overview-decision" aria-labelledby={`${id}-q`}>
      <h4 id={`${id}-q`}>{decision.question}</h4>
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
      <button
        type="button"
        onClick={() => {
          if (choice !== undefined) {
            setReplayScope({ kind: 'all' });
            setChoice({
              modelMode: 'map',
              mapping:
                choice.choice.model.kind === 'map' ? realMoves(choice.choice.model.mapping) : [],
              ttl: ttlChoiceOf(choice.choice.ttlSeconds),
            });
          }
          // The gate tab then shows the same region, over the same outputs.
          if (decision.id === 'gate') setPopulation({ mode: 'traffic' });
          setTab(decision.tab);
        }}
      >
        {choice === undefined
          ? `Open ${decision.tabLabel}`
          : `See this replay on ${decision.tabLabel}`}
      </button>
    </li>
  );
}

/** The Overview with traffic: the bill, then the decisions, each with its figure and how sure it is. */
export default function OverviewTraffic() {
  const id = useId();
  const { hasTraffic, view, searching, error } = useOverview();
  useEffect(() => {
    void startTrafficSession();
  }, []);

  if (hasTraffic === false) return <Welcome />;
  return (
    <div className="overview">
      <h2 className="overview-title">Overview of your traffic</h2>
      {error === undefined ? null : (
        <p role="alert" className="form-error">
          The figures could not be worked out: {error}.
        </p>
      )}
      {view === undefined ? (
        <p className="loading" role="status">
          Working out your bill…
        </p>
      ) : (
        <>
          <Bill bill={view.bill} />
          <section className="card overview-decisions" aria-labelledby={`${id}-d`}>
            <h3 id={`${id}-d`}>Decisions</h3>
            <p className="note">
              Each figure is the change against what was billed (for offloading: against never
              offloading, as your traffic ran), over the imported traffic and per 30 days at its
              rate. Moves stay with each model&apos;s own provider.
            </p>
            <p role="status" className="overview-status">
              {searching ? 'Searching the cheapest settings…' : ''}
            </p>
            {view.decisions.length === 0 ? null : (
              <ul className="overview-decision-list">
                {view.decisions.map((d) => (
                  <DecisionItem key={d.id} decision={d} />
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </div>
  );
}
