/**
 * The gate's decision in words, as a node of the derivation graph: the
 * break-even sentences under the verdict.
 */
import { sameList } from '../../domain/equality.ts';
import { computed } from '../../state/derive.ts';
import { formatNumber, formatTokens } from '../../ui/format.ts';
import { recallBreakEvenWords } from '../../domain/policy-words.ts';
import { gateBreakEven, gateDecision, gateFiringSize, gateInputs, gatePriced } from './use-gate.ts';

/** The break-even figures in sentences: T*, H* and p*, and why a small output is not priced. */
export const gateBreakEvenSentences = computed(
  'gate.breakEvenSentences',
  (): readonly string[] => {
    const inputs = gateInputs.get();
    const breakEven = gateBreakEven.get();
    const firingSizeTokens = gateFiringSize.get();
    const decision = gateDecision.get();
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
    } else if (gatePriced.get()) {
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
  },
  { isEqual: (a, b) => sameList(a, b) },
);
