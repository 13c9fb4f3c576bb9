import type { Ref } from 'react';
import { formatNumber, formatTokens, formatUsd } from '../../ui/format.ts';
import { recallBreakEvenWords } from '../../domain/policy-words.ts';
import type { GateView } from './use-gate.ts';

function breakEvenSentences(view: GateView): string[] {
  const { inputs, breakEven, firingSizeTokens, decision } = view;
  const h = Math.max(0, Math.trunc(inputs.horizon));
  const lines: string[] = [];
  if (firingSizeTokens === null) {
    lines.push(
      h === 0
        ? 'With a horizon of 0 turns nothing is carried, so offloading never pays.'
        : 'Offloading never pays with these prices.',
    );
  } else {
    const t = breakEven.sizeTokens ?? 0;
    const byThreshold = inputs.largeOffloadThresholdTokens >= t;
    lines.push(
      `Offloading pays above ${formatTokens(Math.floor(t))} tokens at this horizon (T*)` +
        (byThreshold
          ? `; the gate fires from ${formatTokens(inputs.largeOffloadThresholdTokens)} tokens, the large offload threshold.`
          : '; the threshold is below T*, so T* decides.'),
    );
  }
  if (breakEven.horizonTurns !== null) {
    const turns = Math.floor(breakEven.horizonTurns) + 1;
    lines.push(
      breakEven.horizonTurns === 0
        ? 'At this size, offloading pays at any horizon of 1 turn or more (H* = 0).'
        : `At this size, offloading pays from ${formatTokens(turns)} turn${turns === 1 ? '' : 's'} of horizon (H* = ${formatNumber(breakEven.horizonTurns, 2)}).`,
    );
  } else if (view.priced) {
    lines.push(
      'At this size the output is no larger than its stub, so no horizon makes offloading pay.',
    );
  }
  if (breakEven.recallProbability !== null) {
    lines.push(recallBreakEvenWords(breakEven.recallProbability));
  }
  if (
    !decision.fire &&
    inputs.outputTokens < inputs.largeOffloadThresholdTokens &&
    decision.reason.startsWith('below')
  ) {
    lines.push(
      'The pre-filter keeps this output inline without pricing it: small outputs are the likely recalls.',
    );
  }
  return lines;
}

/** The gate's verdict, its priced terms and the reason string, announced as they change. */
export function DecisionCard({
  view,
  verdictRef,
}: {
  view: GateView;
  /** The verdict line, for the page to tell whether it is on screen. */
  verdictRef?: Ref<HTMLDivElement>;
}) {
  const { decision } = view;
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
        <p className="note">Reason, exactly as the framework logs it:</p>
        <p className="reason" data-testid="gate-reason">
          {decision.reason}
        </p>
        <ul className="breakeven">
          {breakEvenSentences(view).map((line, i) => (
            // By position: a step that changes a figure updates the sentence in place.
            <li key={i}>{line}</li>
          ))}
        </ul>
      </div>
    </section>
  );
}
