import { memo, useEffect, useState } from 'react';
import type { RoutingScenario } from '../../core/index.ts';
import type { RunSummary } from '../../domain/routing-runs.ts';
import { useValue } from '../../state/derive.ts';
import { modelNames as allModelNames, pricingTable } from '../../state/selectors.ts';
import { useAppStore } from '../../state/store.ts';
import { BaselinesTable } from './BaselinesTable.tsx';
import { ConversationBuilder } from './ConversationBuilder.tsx';
import { CumulativeChart } from './CumulativeChart.tsx';
import { PolicyEditor } from './PolicyEditor.tsx';
import { PresetSelect, RoutingEditor } from './RoutingEditor.tsx';
import { ForceNote } from './SeedNotes.tsx';
import { splitStrategy } from './strategy-edit.ts';
import { GapSweepChart, ShareSweepChart } from './SweepCharts.tsx';
import { TimelineChart } from './TimelineChart.tsx';
import { RoutingSummary } from './RoutingSummary.tsx';
import { StrategyTable } from './StrategyTable.tsx';
import { TotalsCard } from './TotalsCard.tsx';
import { RoutingVolumeLine } from './RoutingVolumeLine.tsx';
import { SHARE_SWEEP_VALUES } from '../../domain/routing-runs.ts';
import { currentGapSeconds, currentShare, hopSamples, turnsButGaps } from './derived.ts';
import { useGapCliff } from './use-gap-cliff.ts';
import { useBaselines, useStrategyRuns, useSweeps } from './use-routing-analysis.ts';
import './routing.css';

/**
 * Every input of the lab. Each editor subscribes to the fields it shows, so
 * an edit re-renders its own control; the counts of hops each rule chose
 * keep their identity while equal, so results arriving do not re-render it.
 */
const NO_COUNTS: ReadonlyMap<string, number> = new Map();

const RoutingControls = memo(function RoutingControls({
  counts,
}: {
  counts: ReadonlyMap<string, number>;
}) {
  return (
    <section className="controls" aria-labelledby="routing-setup-h">
      <h2 id="routing-setup-h">Routing lab</h2>
      <PresetSelect />
      <RoutingEditor />
      <PolicyEditor chosenBy={counts} />
      <ConversationBuilder />
    </section>
  );
});

/** How long results may be on their way before "updating…" shows, ms: a quick answer shows nothing. */
const UPDATING_AFTER_MS = 250;

/**
 * "updating…" over a group of results, out of flow so nothing moves. It
 * shows only once an answer has taken a while: a step answered within a
 * frame or two changes nothing on screen but the results.
 */
function UpdatingNote({ active }: { active: boolean }) {
  const [slow, setSlow] = useState<boolean>(false);
  useEffect(() => {
    if (!active) return undefined;
    const timer = setTimeout(() => setSlow(true), UPDATING_AFTER_MS);
    return () => {
      clearTimeout(timer);
      setSlow(false);
    };
  }, [active]);
  return (
    <span className="updating-note" aria-hidden="true" data-active={active && slow}>
      updating…
    </span>
  );
}

/** The cumulative chart and the baselines table: they re-render when the baselines arrive. */
function BaselinesSection(props: {
  strategy: RunSummary;
  strategyUsd: number;
  strategyHitRate: number;
  defaultModel: string;
}) {
  const view = useBaselines();
  const samples = useValue(hopSamples);
  const pricing = useValue(pricingTable);
  return (
    <div className="chart-grid baselines-grid" aria-busy={view.updating}>
      <UpdatingNote active={view.updating} />
      <CumulativeChart
        samples={samples}
        strategy={props.strategy}
        baselines={view.chartBaselines}
        modelNames={view.chartModels}
        defaultModel={props.defaultModel}
      />
      <BaselinesTable
        strategyUsd={props.strategyUsd}
        strategyHitRate={props.strategyHitRate}
        modelNames={view.models}
        baselines={view.baselines}
        defaultModel={props.defaultModel}
        pricing={pricing}
      />
    </div>
  );
}

/** The two sweeps: they re-render when a sweep arrives. */
function SweepsSection({ scenario }: { scenario: RoutingScenario }) {
  const view = useSweeps();
  const cliff = useGapCliff(view.gapValues, view.gapSweep);
  const parts = splitStrategy(scenario.strategy);
  const defaultModel = scenario.defaultModel.model;
  return (
    <div className="chart-grid sweeps" aria-busy={view.updating}>
      <UpdatingNote active={view.updating} />
      <GapSweepChart
        xs={view.gapValues}
        sweep={view.gapSweep}
        defaultModel={defaultModel}
        cacheTtlSeconds={scenario.cacheTtlSeconds ?? 300}
        stickyTtlSeconds={parts.sticky ? parts.stickyTtlSeconds : null}
        currentGapSeconds={useValue(currentGapSeconds)}
        cliff={cliff}
      />
      <ShareSweepChart
        xs={SHARE_SWEEP_VALUES}
        sweep={view.shareSweep}
        defaultModel={defaultModel}
        currentShare={useValue(currentShare)}
      />
    </div>
  );
}

/**
 * The model-routing lab (seed 001): build a conversation, set a routing, and
 * see per hop what it costs against every-hop baselines and how the saving
 * moves with the idle gap and the share of complex turns. The strategy's
 * run and the totals render with the step; baselines and sweeps follow
 * from the engine's worker.
 */
export default function RoutingPanel() {
  const scenario = useAppStore((s) => s.routing.scenario);
  const { view: runs, updating } = useStrategyRuns();
  const turns = useValue(turnsButGaps);
  const modelNames = useValue(allModelNames);
  const defaultModel = scenario.defaultModel.model;

  return (
    <div className="explorer routing-lab">
      <RoutingControls counts={runs?.chosenBy ?? NO_COUNTS} />
      <div className="results">
        {runs !== null && (
          <RoutingSummary main={runs.main} reference={runs.reference} defaultModel={defaultModel} />
        )}
        <div className="strategy-run" aria-busy={runs === null || updating}>
          <UpdatingNote active={runs === null || updating} />
          {runs !== null && (
            <TotalsCard main={runs.main} reference={runs.reference} defaultModel={defaultModel} />
          )}
        </div>
        {runs?.main.ok === true && runs.hops !== null && runs.summary !== null && (
          <>
            <TimelineChart hops={runs.hops} turns={turns} modelNames={modelNames} />
            <ForceNote />
            <BaselinesSection
              strategy={runs.summary}
              strategyUsd={runs.main.result.totals.totalUsd}
              strategyHitRate={runs.main.result.totals.cacheHitRate}
              defaultModel={defaultModel}
            />
            <StrategyTable />
            <SweepsSection scenario={scenario} />
            <RoutingVolumeLine main={runs.main} reference={runs.reference} />
          </>
        )}
      </div>
    </div>
  );
}
