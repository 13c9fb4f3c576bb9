import { memo } from 'react';
import { useDerived } from '../../state/derive.ts';
import { BaselinesTable } from './BaselinesTable.tsx';
import { ConversationBuilder } from './ConversationBuilder.tsx';
import { CumulativeChart } from './CumulativeChart.tsx';
import { PolicyEditor } from './PolicyEditor.tsx';
import { PresetSelect, RoutingEditor } from './RoutingEditor.tsx';
import { ForceNote } from './SeedNotes.tsx';
import { splitStrategy } from './strategy-edit.ts';
import { GapSweepChart, ShareSweepChart } from './SweepCharts.tsx';
import { TimelineChart } from './TimelineChart.tsx';
import { TotalsCard } from './TotalsCard.tsx';
import { SHARE_SWEEP_VALUES } from '../../domain/routing-runs.ts';
import { chosenBy } from './derived.ts';
import { useRoutingAnalysis } from './use-routing-analysis.ts';
import './routing.css';

/**
 * Every input of the lab. Each editor subscribes to the fields it shows, so
 * an edit re-renders its own control; the counts of hops each rule chose
 * keep their identity while equal, so results arriving do not re-render it.
 */
const RoutingControls = memo(function RoutingControls() {
  const counts = useDerived(chosenBy);
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

/**
 * The model-routing lab (seed 001): build a conversation, set a routing, and
 * see per hop what it costs against every-hop baselines and how the saving
 * moves with the idle gap and the share of complex turns.
 */
export default function RoutingPanel() {
  const analysis = useRoutingAnalysis();
  const { scenario, main, reference, modelNames } = analysis;
  const defaultModel = scenario.defaultModel.model;
  const parts = splitStrategy(scenario.strategy);

  return (
    <div className="explorer routing-lab">
      <RoutingControls />
      <div className="results">
        <TotalsCard main={main} reference={reference} defaultModel={defaultModel} />
        {main.ok && analysis.mainSummary !== null && (
          <>
            <TimelineChart
              hops={main.result.hops}
              turns={analysis.turnsButGaps}
              modelNames={modelNames}
            />
            <ForceNote />
            <div className="chart-grid">
              <CumulativeChart
                samples={analysis.samples}
                strategy={analysis.mainSummary}
                baselines={analysis.chartBaselines}
                modelNames={analysis.chartModels}
                defaultModel={defaultModel}
              />
              <BaselinesTable
                strategyUsd={main.result.totals.totalUsd}
                strategyHitRate={main.result.totals.cacheHitRate}
                modelNames={analysis.baselineModels}
                baselines={analysis.baselines}
                defaultModel={defaultModel}
                pricing={analysis.pricing}
                updating={analysis.baselinesUpdating}
              />
            </div>
            <div className="chart-grid sweeps">
              <span className="updating-note" aria-hidden="true" data-active={analysis.sweepsUpdating}>
                updating…
              </span>
              <GapSweepChart
                xs={analysis.gapValues}
                sweep={analysis.gapSweep}
                defaultModel={defaultModel}
                cacheTtlSeconds={scenario.cacheTtlSeconds ?? 300}
                stickyTtlSeconds={parts.sticky ? parts.stickyTtlSeconds : null}
                currentGapSeconds={analysis.currentGapSeconds}
              />
              <ShareSweepChart
                xs={SHARE_SWEEP_VALUES}
                sweep={analysis.shareSweep}
                defaultModel={defaultModel}
                currentShare={analysis.currentShare}
              />
            </div>
          </>
        )}
      </div>
    </div>
  );
}
