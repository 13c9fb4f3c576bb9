import { lazy, Suspense, useEffect, useState } from 'react';
import { ErrorBoundary } from '../ui/ErrorBoundary.tsx';
import { TabList, type TabItem } from '../ui/Tabs.tsx';
import { useAppStore } from '../state/store.ts';
import type { TabId } from '../model/ui.ts';
import { ScenarioBar } from '../features/share/ScenarioBar.tsx';
import { CompareSlot } from '../features/share/CompareSlot.tsx';
import { useScenarioPersistence } from '../features/share/use-scenario-persistence.ts';
import { ThemeToggle } from './ThemeToggle.tsx';
import { UpdatePrompt } from './UpdatePrompt.tsx';
import { useApplyTheme } from './theme.ts';
import { FirstVisit, markFirstVisitSeen } from './FirstVisit.tsx';
import {
  mayHoldStoredTraffic,
  onFirstTrafficElsewhere,
  OPENED_WITH_HASH,
} from './stored-traffic.ts';
import { trackEditingFocus } from './control-focus.ts';

// The report's opening on the traffic: loaded with the report, not the first screen.
const ReportTrafficDecisions = lazy(() =>
  import('../features/overview/ReportTrafficDecisions.tsx').then((m) => ({
    default: m.ReportTrafficDecisions,
  })),
);

// Every tab is its own chunk, loaded when first shown.
const OverviewPanel = lazy(() => import('../features/overview/OverviewPanel.tsx'));
const GatePanel = lazy(() => import('../features/gate/GatePanel.tsx'));
const BudgetPanel = lazy(() => import('../features/budget/BudgetPanel.tsx'));
const RoutingPanel = lazy(() => import('../features/routing/RoutingPanel.tsx'));
const PricesPanel = lazy(() => import('../features/pricing/PricesPanel.tsx'));
const TrafficPanel = lazy(() => import('../features/traffic/TrafficPanel.tsx'));

const TAB_ITEMS: readonly TabItem<TabId>[] = [
  { id: 'overview', label: 'Overview' },
  { id: 'gate', label: 'Offload gate' },
  { id: 'budget', label: 'Prompt budget' },
  { id: 'routing', label: 'Model routing' },
  { id: 'traffic', label: 'Your traffic' },
  { id: 'prices', label: 'Prices' },
];

const PANEL_NAMES: Record<TabId, string> = {
  overview: 'The overview',
  gate: 'The offload-gate explorer',
  budget: 'The prompt-budget explorer',
  routing: 'The model-routing lab',
  prices: 'The price table',
  traffic: 'Your traffic',
};

function Panel({ tab }: { tab: TabId }) {
  switch (tab) {
    case 'overview':
      return <OverviewPanel />;
    case 'gate':
      return <GatePanel />;
    case 'budget':
      return <BudgetPanel />;
    case 'routing':
      return <RoutingPanel />;
    case 'prices':
      return <PricesPanel />;
    case 'traffic':
      return <TrafficPanel />;
  }
}

export function App() {
  const tab = useAppStore((s) => s.ui.tab);
  const setTab = useAppStore((s) => s.setTab);
  const [firstVisit, setFirstVisit] = useState(false);
  useApplyTheme();
  useScenarioPersistence();

  // Traffic kept from an earlier visit: its rates and tool outputs for every tab, off the first paint.
  useEffect(() => {
    const publish = () =>
      import('../features/traffic/traffic-session.ts').then((m) => m.publishStoredTraffic());
    // Without traffic yet, another tab's import is what brings some.
    let stopListening: (() => void) | undefined;
    let gone = false;
    void mayHoldStoredTraffic().then((may) => {
      if (gone) return;
      setFirstVisit(!may && !OPENED_WITH_HASH);
      if (may) void publish();
      else stopListening = onFirstTrafficElsewhere(() => void publish());
    });
    return () => {
      gone = true;
      stopListening?.();
    };
  }, []);

  // Opening Your traffic is taking the first way in: the note has done its work.
  useEffect(() => {
    if (!firstVisit || tab !== 'traffic') return;
    markFirstVisitSeen();
    setFirstVisit(false);
  }, [firstVisit, tab]);

  // Off-screen cards are skipped only while someone edits (styles.css).
  useEffect(() => trackEditingFocus(), []);

  useEffect(() => {
    document.title = `${TAB_ITEMS.find((t) => t.id === tab)?.label ?? ''} · Context Cost Explorer`;
  }, [tab]);

  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="app-header">
        <div className="brand">
          <h1>Context Cost Explorer</h1>
          <p className="tagline">
            See what an LLM agent&apos;s context policies cost before you ship them.
          </p>
        </div>
        <div className="header-tools">
          <ScenarioBar reportOpening={<ReportTrafficDecisions />} />
          <ThemeToggle />
        </div>
      </header>
      <nav className="app-nav" aria-label="Explorers">
        <TabList
          label="Explorers"
          tabs={TAB_ITEMS}
          selected={tab}
          onSelect={setTab}
          idPrefix="main"
        />
      </nav>
      {/* The comparison, when open, is a column beside the explorer (above it on narrow screens). */}
      <div className="app-body">
        <main id="main" className="app-main">
          {firstVisit && tab !== 'overview' ? <FirstVisit /> : null}
          <section
            role="tabpanel"
            id={`main-panel-${tab}`}
            aria-labelledby={`main-tab-${tab}`}
            tabIndex={-1}
            className="tabpanel"
          >
            <ErrorBoundary key={tab} name={PANEL_NAMES[tab]}>
              <Suspense
                fallback={<p className="loading">Loading {PANEL_NAMES[tab].toLowerCase()}…</p>}
              >
                <Panel tab={tab} />
              </Suspense>
            </ErrorBoundary>
          </section>
        </main>
        <CompareSlot />
      </div>
      <UpdatePrompt />
      <footer className="app-footer">
        <p>
          Runs entirely in your browser; nothing you enter leaves this page. Numbers come from a
          pure TypeScript port of the framework&apos;s policies, checked against golden vectors.
        </p>
      </footer>
    </div>
  );
}
