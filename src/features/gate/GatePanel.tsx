import { CacheWhatIfChart } from './CacheWhatIfChart.tsx';
import { DecisionCard } from './DecisionCard.tsx';
import { FireMapChart } from './FireMapChart.tsx';
import { GateControls } from './GateControls.tsx';
import { HorizonChart } from './HorizonChart.tsx';
import { PolicyComparison } from './PolicyComparison.tsx';
import { SizeChart } from './SizeChart.tsx';
import { gateDecision, gateSweepInputs } from './use-gate.ts';
import { useWhollyInView } from './use-in-view.ts';
import { formatUsd } from '../../ui/format.ts';
import { MINUS } from '../../format/number-format.ts';
import { useRef } from 'react';
import type { OffloadGateDecision } from '../../core/index.ts';
import { useValue } from '../../state/derive.ts';
import { pricingTable } from '../../state/selectors.ts';
import './gate.css';

/** The offload-gate explorer (seed 000): inputs beside the decision and its charts. */
export default function GatePanel() {
  const decision = useValue(gateDecision);
  const sweepInputs = useValue(gateSweepInputs);
  const pricing = useValue(pricingTable);
  // The verdict line of the decision card: once any of it is off screen, the summary shows.
  const verdictRef = useRef<HTMLDivElement>(null);
  const verdictInView = useWhollyInView(verdictRef);
  return (
    <div className="explorer gate-explorer">
      <GateControls />
      <div className="results">
        <WideVerdict decision={decision} shown={!verdictInView} />
        <DecisionCard verdictRef={verdictRef} />
        <div className="chart-grid">
          <SizeChart />
          <HorizonChart />
        </div>
        <FireMapChart />
        <PolicyComparison sweepInputs={sweepInputs} pricing={pricing} />
        <CacheWhatIfChart />
      </div>
      {/* On a phone the decision card scrolls away from the controls: keep the
          verdict in view while dragging (the card's status region announces it). */}
      <div className={`mobile-verdict ${decision.fire ? 'fire' : 'keep'}`} aria-hidden="true">
        <strong>{decision.fire ? 'Offload' : 'Keep inline'}</strong>
        <span>net saving {formatUsd(decision.netSavingUsd)}</span>
      </div>
    </div>
  );
}

/**
 * Wide screens: the decision in one line, at the top of the results column
 * once the decision card's verdict line has scrolled out of view (the card's status region
 * announces changes, so this copy is hidden from screen readers).
 */
function WideVerdict({ decision, shown }: { decision: OffloadGateDecision; shown: boolean }) {
  const tone = decision.fire ? 'fire' : decision.netSavingUsd < 0 ? 'loss' : 'keep';
  return (
    <div className={`wide-verdict ${tone}`} data-shown={shown} aria-hidden="true">
      <div>
        <strong>{decision.fire ? 'Offload' : 'Keep inline'}</strong>
        <span>net saving {formatUsd(decision.netSavingUsd)}</span>
        <span className="terms-line">
          re-prefill {formatUsd(decision.reprefillSavingUsd)} {MINUS} stub{' '}
          {formatUsd(decision.stubCarryCostUsd)} {MINUS} recall{' '}
          {formatUsd(decision.expectedRecallHopCostUsd)}
        </span>
      </div>
    </div>
  );
}
