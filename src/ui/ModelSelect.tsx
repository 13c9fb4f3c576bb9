/**
 * A select of model names that stays usable with a full price file (2,000
 * and more rows): past {@link FILTER_FROM} models a filter field comes
 * first, and the select holds only the models that match it (the chosen
 * one always stays). Below that it is a plain select.
 */
import { memo, useDeferredValue, useId, useMemo, useState, type CSSProperties } from 'react';
import { formatPlain } from './format.ts';
import './model-select.css';

/** From this many models on, a filter field narrows the select. */
export const FILTER_FROM = 40;

/** The words of a filter's query, in lower case (none for a blank query). */
export function queryWords(query: string): string[] {
  return query.toLowerCase().split(/\s+/).filter(Boolean);
}

/** Whether `name` holds every one of `words` (from {@link queryWords}), in any case. */
export function holdsWords(name: string, words: readonly string[]): boolean {
  if (words.length === 0) return true;
  const lower = name.toLowerCase();
  return words.every((w) => lower.includes(w));
}

/**
 * The models whose name holds every word of `query` (any case), in their
 * order; `keep` (the chosen model) is always among them, first when the
 * query leaves it out.
 */
export function narrowModels(
  models: readonly string[],
  query: string,
  keep: string | undefined,
): readonly string[] {
  const words = queryWords(query);
  if (words.length === 0) return models;
  const found = models.filter((m) => holdsWords(m, words));
  return keep === undefined || found.includes(keep) ? found : [keep, ...found];
}

export interface ModelSelectProps {
  /** The select's id, for a `<label htmlFor>` outside; one is made when absent. */
  id?: string;
  /** The select's accessible name when no label points at it. */
  ariaLabel?: string;
  value: string;
  /** Every option's value, in order (the chosen one included). */
  options: readonly string[];
  onChange: (model: string) => void;
  /** An option's text; the model name when absent. */
  labelOf?: (model: string) => string;
  invalid?: boolean;
  /** The id of a text that describes the select (`aria-describedby`). */
  describedBy?: string | undefined;
  /** Names the filter for assistive technology ("Filter the models for …"). */
  filterName?: string;
  style?: CSSProperties;
}

export const ModelSelect = memo(function ModelSelect(props: ModelSelectProps) {
  const madeId = useId();
  const id = props.id ?? madeId;
  const { options, value, labelOf } = props;
  const [query, setQuery] = useState('');
  // Typing stays immediate; the options follow as a transition.
  const deferred = useDeferredValue(query);
  const shown = useMemo(
    () => (options.length < FILTER_FROM ? options : narrowModels(options, deferred, value)),
    [options, deferred, value],
  );
  const select = (
    <select
      id={id}
      aria-label={props.ariaLabel}
      value={value}
      aria-invalid={props.invalid || undefined}
      aria-describedby={props.describedBy}
      onChange={(e) => props.onChange(e.target.value)}
      style={props.style}
    >
      {shown.map((m) => (
        <option key={m} value={m}>
          {labelOf === undefined ? m : labelOf(m)}
        </option>
      ))}
    </select>
  );
  if (options.length < FILTER_FROM) return select;
  const matches = shown.length - (shown.includes(value) && !matchesQuery(value, deferred) ? 1 : 0);
  const what = props.filterName ?? 'the models';
  return (
    <span className="model-select">
      <input
        type="search"
        className="model-select-filter"
        aria-label={`Filter ${what}`}
        aria-controls={id}
        placeholder={`Filter ${formatPlain(options.length)} models`}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      {select}
      {deferred.trim() === '' ? null : (
        <span role="status" className="model-select-count">
          {matches === 0
            ? `No model matches “${deferred.trim()}”; the choice is kept.`
            : `${formatPlain(matches)} of ${formatPlain(options.length)} models ${matches === 1 ? 'matches' : 'match'}.`}
        </span>
      )}
    </span>
  );
});

function matchesQuery(model: string, query: string): boolean {
  return narrowModels([model], query, undefined).length === 1;
}
