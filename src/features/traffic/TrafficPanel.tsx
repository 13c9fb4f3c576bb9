import { memo, useDeferredValue, useEffect } from 'react';
import {
  useCrossFigures,
  useStoredTraffic,
  useTrafficAnalysis,
} from '../../engine/traces/traffic-queries.ts';
import { useValue } from '../../state/derive.ts';
import { pricingTable } from '../../state/selectors.ts';
import { AsBilledSection } from './AsBilledSection.tsx';
import { CalibrationSection } from './CalibrationSection.tsx';
import { CallsTable } from './CallsTable.tsx';
import { ForgetTraffic } from './ForgetTraffic.tsx';
import { ImportProgressBar } from './ImportProgressBar.tsx';
import { ImportZone } from './ImportZone.tsx';
import { ReplaySection } from './replay/ReplaySection.tsx';
import { TrafficSummary } from './TrafficSummary.tsx';
import { TtlSection } from './TtlSection.tsx';
import { trafficTabViewOf, type TrafficTabView } from './traffic-tab-view.ts';
import { startTrafficSession, useTrafficSession } from './traffic-session.ts';
import './traffic.css';

/**
 * The as-billed, calibration, TTL and calls sections. Every figure comes
 * worked out from the worker and every table is bounded (200 breakdown
 * rows, a page of 50 calls); they render together, as one transition.
 */
const TrafficFigures = memo(function TrafficFigures({
  view,
  callCount,
  version,
}: {
  view: TrafficTabView;
  callCount: number;
  version: number;
}) {
  const { analysis } = view;
  // The TTL question is one of the figures the other tabs read too.
  const ttl = useCrossFigures(useValue(pricingTable)).value?.ttl;
  return (
    <>
      <AsBilledSection analysis={analysis} view={view.billed} />
      {analysis.calibration === undefined || view.scatter === undefined ? (
        <p className="note">
          The calibration needs priced calls: add price rows for the models above.
        </p>
      ) : (
        <CalibrationSection calibration={analysis.calibration} scatter={view.scatter} />
      )}
      <TtlSection asBilledUsd={analysis.billed.totals.totalUsd} ttl={ttl} />
      <CallsTable total={callCount} version={version} />
    </>
  );
});

/** "Your traffic": real usage traces read in the browser, billed, and held against the simulator. */
export default function TrafficPanel() {
  const phase = useTrafficSession((s) => s.phase);
  const progress = useTrafficSession((s) => s.progress);
  const stored = useStoredTraffic();
  const meta = stored?.meta;
  const version = stored?.generation ?? 0;
  const notice = useTrafficSession((s) => s.notice);
  // The figures follow the stored calls and the price table (adding a price row bills its calls).
  const pricing = useValue(pricingTable);
  // The analysis with its tables and charts worked out, once per answer.
  const answer = useTrafficAnalysis(pricing, trafficTabViewOf);
  // The one transition of the tab: a large answer (200 breakdown rows, 1,500 dots,
  // the calls) is thousands of elements, and an urgent render of them blocked the
  // page for most of a second during a 15 MB import. As a transition React builds
  // them in pieces of a few milliseconds and keeps input responsive.
  const view = useDeferredValue(answer.value);

  useEffect(() => {
    void startTrafficSession();
  }, []);

  const busy = phase === 'importing';
  return (
    <div className="traffic">
      <div className="traffic-intro">
        <h2 className="visually-hidden">Your traffic</h2>
        <p>
          Read your agent&apos;s real usage records: what they cost as billed, and whether the
          simulator&apos;s cache rules predict them.
        </p>
        <p className="privacy-note">
          Your calls stay in this browser (IndexedDB). They never go into links, the address bar or
          exported scenarios.
        </p>
      </div>
      <ImportZone busy={busy} />
      {busy ? <ImportProgressBar progress={progress} /> : null}
      {notice === undefined ? null : notice.kind === 'error' ? (
        <p role="alert" className="form-error traffic-notice">
          {notice.text}
        </p>
      ) : (
        <p role="status" className="form-ok traffic-notice">
          {notice.text}
        </p>
      )}
      {answer.error === undefined ? null : (
        <p role="alert" className="form-error traffic-notice">
          The figures could not be worked out: {answer.error}.
        </p>
      )}
      {phase === 'starting' ? (
        <p className="loading">Looking for traffic kept in this browser…</p>
      ) : null}
      {meta === undefined ? (
        phase === 'ready' ? (
          <p className="note">No traffic yet: import trace files above to begin.</p>
        ) : null
      ) : (
        <>
          <ForgetTraffic callCount={meta.callCount} busy={busy} />
          <TrafficSummary meta={meta} analysis={view?.analysis} />
          {view === undefined ? (
            <p className="loading">Working out the figures…</p>
          ) : (
            <TrafficFigures view={view} callCount={meta.callCount} version={version} />
          )}
        </>
      )}
      <ReplaySection pricing={pricing} />
    </div>
  );
}
