/**
 * The gate's decision in words, as a node of the derivation graph: the
 * break-even sentences under the verdict.
 */
import { sameList } from '../../domain/equality.ts';
import { computed } from '../../state/derive.ts';
import { formatNumber, formatTokens } from '../../ui/format.ts';
import { recallBreakEvenWords } from '../../domain/policy-words.ts';
import { gateBreakEven, gateDecision, gateFiringSize, gateInputs, gatePriced } from './use-gate.ts';

/** The break-even figures in plain sentences (size, horizon, recall), and why a small output is not priced. */
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
        `Offloading pays above ${formatTokens(Math.floor(t))} tokens at this horizon` +
          (byThreshold
            ? `; the gate fires from ${formatTokens(inputs.largeOffloadThresholdTokens)} tokens, the large offload threshold.`
            : '; the threshold is lower, so that size decides.'),
      );
    }
    if (breakEven.horizonTurns !== null) {
      const turns = Math.floor(breakEven.horizonTurns) + 1;
      lines.push(
        breakEven.horizonTurns === 0
          ? 'At this size, offloading pays at any horizon of 1 turn or more.'
          : `At this size, offloading pays from ${formatTokens(turns)} turn${turns === 1 ? '' : 's'} of horizon.`,
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

/** How the verdict is computed, with the symbols the charts use: for "How this is computed". */
export const gateComputation = computed(
  'gate.computation',
  (): readonly string[] => {
    const breakEven = gateBreakEven.get();
    const lines = [
      'Net saving = re-prefill saved − stub carried − expected recall hop. Re-prefill saved: the output read again on each remaining turn (the horizon), priced as input; stub carried: the short placeholder read instead; expected recall hop: the recall probability times one extra call that fetches the output back.',
      'The gate offloads when the net saving is above 0 and the output is at least the large offload threshold (smaller outputs are the likely recalls, so they are never priced).',
    ];
    if (breakEven.sizeTokens !== null) {
      lines.push(
        `T*, the break-even size: the output size where the net saving is 0 at this horizon (${formatTokens(Math.floor(breakEven.sizeTokens))} tokens). The charts mark it.`,
      );
    }
    if (breakEven.horizonTurns !== null) {
      lines.push(
        `H*, the break-even horizon: the remaining turns where the net saving is 0 at this size (${formatNumber(breakEven.horizonTurns, 2)}).`,
      );
    }
    return lines;
  },
  { isEqual: (a, b) => sameList(a, b) },
);
