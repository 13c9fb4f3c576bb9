import { CacheWhatIfChart } from './CacheWhatIfChart.tsx';
import { DecisionCard } from './DecisionCard.tsx';
import { FireMapChart } from './FireMapChart.tsx';
import { GateControls } from './GateControls.tsx';
import { HorizonChart } from './HorizonChart.tsx';
import { PolicyComparison } from './PolicyComparison.tsx';
import { SizeChart } from './SizeChart.tsx';
import { useGateView } from './use-gate.ts';
import { formatUsd } from '../../ui/format.ts';
import './gate.css';

/** The offload-gate explorer (seed 000): inputs beside the decision and its charts. */
export default function GatePanel() {
  const view = useGateView();
  return (
    <div className="explorer">
      <GateControls />
      <div className="results">
        <DecisionCard view={view} />
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
