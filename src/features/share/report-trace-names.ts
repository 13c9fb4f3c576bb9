/**
 * The report's words for a replay choice: a model of a move that is not
 * written (see `shareableTraffic` in state/trace-names.ts) and has no price
 * row of the scenario is named {@link UNPRICED_MODEL_WORDS} instead of as
 * the trace writes it.
 */
import { moveWords } from '../../format/bidi.ts';
import type { ScenarioData } from '../../model/scenario.ts';
import { isShared, rowNames, type Move } from '../../state/trace-names.ts';

/** Names a model without a price row takes where its own name may not go (the report). */
export const UNPRICED_MODEL_WORDS = 'a model without a price row';

/**
 * A choice's words ("a → b, 5-minute TTL") with every model of a move that
 * is not written (see `shareableTraffic`) and has no price row of the
 * scenario named {@link UNPRICED_MODEL_WORDS} instead.
 */
export function choiceWordsWithoutTraceNames(
  text: string,
  mapping: readonly Move[],
  prices: ScenarioData['prices'],
): string {
  const rows = rowNames(prices);
  let out = text;
  for (const move of mapping) {
    if (isShared(rows, move)) continue;
    const from = rows.has(move.from) ? move.from : UNPRICED_MODEL_WORDS;
    const to = rows.has(move.to) ? move.to : UNPRICED_MODEL_WORDS;
    out = out.split(moveWords(move)).join(moveWords({ from, to }));
  }
  return out;
}
