import { useId, useMemo, useState } from 'react';
import { useValue } from '../../state/derive.ts';
import { modelNames } from '../../state/selectors.ts';
import { useAppStore } from '../../state/store.ts';
import { baselineModels } from './derived.ts';

/** Most matches listed at once: the table may hold thousands of names. */
const MAX_MATCHES = 8;

/**
 * Adds models of the price table to the baselines, or removes the ones
 * added: a search box over the table's names, a button per match and one
 * per added model. The default table's models and the scenario's own are
 * always priced.
 */
export function BaselineModelChooser() {
  const searchId = useId();
  const [query, setQuery] = useState('');
  const names = useValue(modelNames);
  const shown = useValue(baselineModels);
  const extras = useAppStore((s) => s.routing.baselineModels);
  const setExtras = useAppStore((s) => s.setBaselineModels);
  const added = useMemo(() => extras ?? [], [extras]);

  const { matches, more } = useMemo(() => {
    const needle = query.trim().toLowerCase();
    if (needle === '') return { matches: [], more: 0 };
    const inBaselines = new Set(shown);
    const found = names.filter((m) => !inBaselines.has(m) && m.toLowerCase().includes(needle));
    return { matches: found.slice(0, MAX_MATCHES), more: Math.max(0, found.length - MAX_MATCHES) };
  }, [query, names, shown]);

  return (
    <details className="baseline-chooser">
      <summary>Add models to the baselines</summary>
      <p className="note">
        The default table’s models and the models your routing uses are always priced. Add others
        from the price table here.
      </p>
      <div className="select-field">
        <label htmlFor={searchId}>Find a model</label>
        <input
          id={searchId}
          type="search"
          value={query}
          autoComplete="off"
          placeholder="e.g. mistral"
          onChange={(e) => setQuery(e.target.value)}
        />
      </div>
      {query.trim() !== '' && (
        <ul className="chooser-list" aria-label="Models matching the search">
          {matches.length === 0 && <li className="note">No other model matches.</li>}
          {matches.map((model) => (
            <li key={model}>
              <span>{model}</span>{' '}
              <button
                type="button"
                aria-label={`Add ${model} to the baselines`}
                onClick={() => setExtras([...added, model])}
              >
                Add
              </button>
            </li>
          ))}
          {more > 0 && <li className="note">{more} more match: type more of the name.</li>}
        </ul>
      )}
      {added.length > 0 && (
        <ul className="chooser-list" aria-label="Models you added">
          {added.map((model) => (
            <li key={model}>
              <span>{model}</span>{' '}
              <button
                type="button"
                aria-label={`Remove ${model} from the baselines`}
                onClick={() => setExtras(added.filter((m) => m !== model))}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
