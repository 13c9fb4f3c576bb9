import { useId } from 'react';
import { formatPlain } from '../../ui/format.ts';
import type { ModelsShown } from './models-shown.ts';
import { plural } from './plural.ts';

/**
 * The filter over a long list of models, and what is out of view: "Showing
 * the 20 models with the most calls of 100,000; the other 99,980 (123,456
 * calls) are in every figure." Nothing when the list is short.
 */
export function ModelsFilter<T>({
  view,
  total,
  query,
  onQuery,
  label,
  othersWords,
}: {
  view: ModelsShown<T>;
  /** Models in the whole list. */
  total: number;
  query: string;
  onQuery: (query: string) => void;
  /** The field's label, e.g. "Find a model". */
  label: string;
  /** What the models out of view do, e.g. "are counted in every figure". */
  othersWords: string;
}) {
  const id = useId();
  if (!view.long) return null;
  const q = query.trim();
  const others =
    view.others === 0
      ? ''
      : ` The other ${plural(view.others, 'model')} (${plural(view.otherCalls, 'call')}) ${othersWords}.`;
  const status =
    q === ''
      ? `Showing the ${formatPlain(view.shown.length)} models with the most calls of ${formatPlain(total)}.${others}`
      : view.matching === 0
        ? `No model matches “${q}”.${others}`
        : `${formatPlain(view.matching)} of ${formatPlain(total)} models ${view.matching === 1 ? 'matches' : 'match'} “${q}”; showing ${formatPlain(view.shown.length)}.${others}`;
  return (
    <div className="models-filter">
      <label htmlFor={`${id}-q`}>{label}</label>{' '}
      <input
        id={`${id}-q`}
        type="search"
        value={query}
        aria-describedby={`${id}-s`}
        onChange={(e) => onQuery(e.target.value)}
      />
      <p id={`${id}-s`} role="status" className="note">
        {status}
      </p>
    </div>
  );
}
