import type { Ref } from 'react';
import { useValue } from '../../state/derive.ts';
import { formatUsd } from '../../ui/format.ts';
import { gateBreakEvenSentences, gateComputation } from './decision-words.ts';
import { gateDecision } from './use-gate.ts';

/** The gate's verdict, its priced terms and the reason string, announced as they change. */
export function DecisionCard({
  verdictRef,
}: {
  /** The verdict line, for the page to tell whether it is on screen. */
  verdictRef?: Ref<HTMLDivElement>;
}) {
  const decision = useValue(gateDecision);
  const sentences = useValue(gateBreakEvenSentences);
  const computation = useValue(gateComputation);
  const tone = decision.fire ? 'fire' : decision.netSavingUsd < 0 ? 'loss' : 'keep';
  return (
    <section className={`card decision ${tone}`} aria-labelledby="gate-decision-h">
      <h2 id="gate-decision-h" className="visually-hidden">
        Decision
      </h2>
      <div role="status" aria-live="polite" aria-atomic="true">
        <div className="verdict" ref={verdictRef}>
          <span className="verdict-label">{decision.fire ? 'Offload' : 'Keep inline'}</span>
          <span
            className={`badge ${decision.fire ? 'good' : decision.netSavingUsd < 0 ? 'bad' : ''}`}
          >
            net saving {formatUsd(decision.netSavingUsd)}
          </span>
        </div>
        <dl className="terms">
          <div className="term">
            <dt>Net saving</dt>
            <dd>{formatUsd(decision.netSavingUsd)}</dd>
          </div>
          <div className="term">
            <dt>Re-prefill saved</dt>
            <dd>{formatUsd(decision.reprefillSavingUsd)}</dd>
          </div>
          <div className="term">
            <dt>Stub carried</dt>
            <dd>{formatUsd(decision.stubCarryCostUsd)}</dd>
          </div>
          <div className="term">
            <dt>Expected recall hop</dt>
            <dd>{formatUsd(decision.expectedRecallHopCostUsd)}</dd>
          </div>
        </dl>
        <ul className="breakeven">
          {sentences.map((line, i) => (
            // By position: a step that changes a figure updates the sentence in place.
            <li key={i}>{line}</li>
          ))}
        </ul>
        <p className="note">The framework&apos;s log line for this decision:</p>
        <p className="reason" data-testid="gate-reason">
          {decision.reason}
        </p>
      </div>
      <details className="gate-computation">
        <summary>How this is computed</summary>
        <ul>
          {computation.map((line, i) => (
            <li key={i}>{line}</li>
          ))}
        </ul>
      </details>
    </section>
  );
}
