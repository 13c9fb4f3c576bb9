import { lazy, Suspense, useEffect, useState } from 'react';
import { mayHoldStoredTraffic, onFirstTrafficElsewhere } from '../../app/stored-traffic.ts';
import { Welcome } from './Welcome.tsx';
import './overview.css';

// The traffic's figures load only when this browser may hold traffic: a first visit never loads them.
const OverviewTraffic = lazy(() => import('./OverviewTraffic.tsx'));

/**
 * The Overview: with traffic kept in this browser, the bill and the
 * decisions it supports; without, the two ways in (your own traffic or a
 * worked example).
 */
export default function OverviewPanel() {
  const [mayHold, setMayHold] = useState<boolean | undefined>(undefined);
  useEffect(() => {
    let gone = false;
    void mayHoldStoredTraffic().then((may) => {
      if (!gone) setMayHold((was) => was === true || may);
    });
    // Another tab's first import brings traffic here too.
    const stop = onFirstTrafficElsewhere(() => {
      if (!gone) setMayHold(true);
    });
    return () => {
      gone = true;
      stop();
    };
  }, []);

  if (mayHold === undefined) return <p className="loading">Looking for traffic kept here…</p>;
  if (!mayHold) return <Welcome />;
  return (
    <Suspense fallback={<p className="loading">Loading your traffic…</p>}>
      <OverviewTraffic />
    </Suspense>
  );
}
