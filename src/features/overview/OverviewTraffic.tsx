import { useEffect, useId } from 'react';
import { realMoves, ttlChoiceOf } from '../../domain/traffic-replay.ts';
import { setReplayScope } from '../../state/replay-scope.ts';
import { useAppStore } from '../../state/store.ts';
import { formatFraction, formatMoney } from '../../format/number-format.ts';
import { startTrafficSession } from '../traffic/traffic-session.ts';
import { plural } from '../traffic/plural.ts';
import { BillFigures, DecisionFacts } from './DecisionFacts.tsx';
import type { TabPart } from '../../domain/bill-parts.ts';
import type { BillLeader, Decision, OverviewBill } from './overview-view.ts';
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
      <BillFigures bill={bill} />
      <div className="overview-leaders-row">
        <Leaders title="Top projects" rows={bill.topProjects} />
        <Leaders title="Top models" rows={bill.topModels} />
      </div>
    </section>
  );
}

/** What each tab's monthly figures stand for: its part of the bill, per 30 days. */
function TabParts({ parts, bill }: { parts: readonly TabPart[]; bill: OverviewBill }) {
  const id = useId();
  const setTab = useAppStore((s) => s.setTab);
  if (parts.length === 0) return null;
  return (
    <section className="card overview-tab-parts" aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`}>What each tab models</h3>
      <p className="note">
        Each tab&apos;s monthly figures are scaled to its part of your bill of{' '}
        {formatMoney(bill.per30DaysUsd)} per 30 days, at your traffic&apos;s rate. The parts overlap
        (the tool outputs&apos; carry is a part of the prompts), so they are not added; by kind of
        charge, the bill is the lines above.
      </p>
      <ul className="overview-tab-part-list">
        {parts.map((p) => (
          <li key={p.tab}>
            <button type="button" className="link-button" onClick={() => setTab(p.tab)}>
              {p.tabLabel}
            </button>
            {': '}
            <strong>{formatMoney(p.per30DaysUsd)}</strong> per 30 days, {formatFraction(p.share)} of
            the bill. <bdi>{p.what}</bdi>. {p.within}
          </li>
        ))}
      </ul>
    </section>
  );
}

function DecisionItem({ decision }: { decision: Decision }) {
  const setTab = useAppStore((s) => s.setTab);
  const setChoice = useAppStore((s) => s.setReplayChoice);
  const setPopulation = useAppStore((s) => s.setPopulation);
  const id = useId();
  const { choice } = decision;
  return (
    <li className="overview-decision" aria-labelledby={`${id}-q`}>
      <DecisionFacts decision={decision} headingId={`${id}-q`} />
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
  const { hasTraffic, view, tabParts, searching, error } = useOverview();
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
          <TabParts parts={tabParts} bill={view.bill} />
        </>
      )}
    </div>
  );
}
