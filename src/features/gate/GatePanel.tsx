import { CacheWhatIfChart } from './CacheWhatIfChart.tsx';
import { DecisionCard } from './DecisionCard.tsx';
import { FireMapChart } from './FireMapChart.tsx';
import { GateControls } from './GateControls.tsx';
import { HorizonChart } from './HorizonChart.tsx';
import { PolicyComparison } from './PolicyComparison.tsx';
import { SizeChart } from './SizeChart.tsx';
import { useGateView, type GateView } from './use-gate.ts';
import { useWhollyInView } from './use-in-view.ts';
import { formatUsd } from '../../ui/format.ts';
import { MINUS } from '../../format/number-format.ts';
import { useRef } from 'react';
import './gate.css';

/** The offload-gate explorer (seed 000): inputs beside the decision and its charts. */
export default function GatePanel() {
  const view = useGateView();
  // The verdict line of the decision card: once any of it is off screen, the summary shows.
  const verdictRef = useRef<HTMLDivElement>(null);
  const verdictInView = useWhollyInView(verdictRef);
  return (
    <div className="explorer gate-explorer">
      <GateControls />
      <div className="results">
        <WideVerdict view={view} shown={!verdictInView} />
        <DecisionCard view={view} verdictRef={verdictRef} />
        <div className="chart-grid">
          <SizeChart view={view} />
          <HorizonChart view={view} />
        </div>
        <FireMapChart view={view} />
        <PolicyComparison sweepInputs={view.sweepInputs} pricing={view.pricing} />
        <CacheWhatIfChart view={view} />
      </div>
      {/* On a phone the decision card scrolls away from the controls: keep the
          verdict in view while dragging (the card's status region announces it). */}
      <div className={`mobile-verdict ${view.decision.fire ? 'fire' : 'keep'}`} aria-hidden="true">
        <strong>{view.decision.fire ? 'Offload' : 'Keep inline'}</strong>
        <span>net saving {formatUsd(view.decision.netSavingUsd)}</span>
      </div>
    </div>
  );
}

/**
 * Wide screens: the decision in one line, at the top of the results column
 * once the decision card's verdict line has scrolled out of view (the card's status region
 * announces changes, so this copy is hidden from screen readers).
 */
function WideVerdict({ view, shown }: { view: GateView; shown: boolean }) {
  const { decision } = view;
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
