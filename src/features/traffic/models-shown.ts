/**
 * Which of many models get a row (or a select) of their own. A trace can
 * name thousands of distinct models (fine-tunes, one per customer); a row
 * each, with its controls, froze the page (2,000 models: a 2.6–5.4 s task;
 * 100,000 never drew). Past `limit` the first `limit` that match the query
 * are shown, most calls first (the order given), plus any `keep` names; the
 * rest are counted, so every figure still adds up. A name matches a query
 * as in the model selects: it holds every word, in any case.
 */
import { holdsWords, queryWords } from '../../ui/ModelSelect.tsx';

/** What is shown of a long list of models, and what is left out of view. */
export interface ModelsShown<T> {
  readonly shown: readonly T[];
  /** Whether the list is long enough to need a filter. */
  readonly long: boolean;
  /** Models left out of view by the limit or the query, and their calls. */
  readonly others: number;
  readonly otherCalls: number;
  /** Models that match the query (all of them when there is none). */
  readonly matching: number;
}

/**
 * The first `limit` of `models` (in their order) whose name holds every word
 * of `query`, and every model named in `keep` wherever it stands.
 */
export function modelsShown<T extends { readonly calls: number }>(
  models: readonly T[],
  nameOf: (model: T) => string,
  query: string,
  limit: number,
  keep: ReadonlySet<string> = new Set(),
): ModelsShown<T> {
  if (models.length <= limit) {
    return { shown: models, long: false, others: 0, otherCalls: 0, matching: models.length };
  }
  const words = queryWords(query);
  const shown: T[] = [];
  let otherCalls = 0;
  let matching = 0;
  let picked = 0;
  for (const model of models) {
    const name = nameOf(model);
    const matched = holdsWords(name, words);
    if (matched) matching += 1;
    if (keep.has(name)) shown.push(model);
    else if (matched && picked < limit) {
      shown.push(model);
      picked += 1;
    } else otherCalls += model.calls;
  }
  return { shown, long: true, others: models.length - shown.length, otherCalls, matching };
}
