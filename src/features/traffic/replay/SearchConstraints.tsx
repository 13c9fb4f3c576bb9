import { useId, useState } from 'react';
import { priceRowFor, type PricingTable } from '../../../core/pricing.ts';
import type { ReplayConstraints } from '../../../domain/replay-constraints.ts';

/** "a, b,  c" → ["a", "b", "c"]: the names typed, in order, each once. */
function namesOf(text: string): string[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((n) => n.trim())
        .filter((n) => n !== ''),
    ),
  ];
}

/**
 * The constraints the cheapest-setting search honours, set before it runs:
 * which providers a model may move to (by default its own), and models no
 * setting may move to. A name not in the price table is refused by name and
 * the text typed is kept.
 */
export function SearchConstraints({
  pricing,
  constraints,
  onChange,
}: {
  pricing: PricingTable;
  constraints: ReplayConstraints;
  onChange: (next: ReplayConstraints) => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState((constraints.exclude ?? []).join(', '));
  const [unknown, setUnknown] = useState<readonly string[]>([]);
  const anyProvider = constraints.substitutes === 'any';

  const applyExclude = () => {
    const names = namesOf(draft);
    const missing = names.filter((n) => priceRowFor(pricing, n) === undefined);
    setUnknown(missing);
    if (missing.length > 0) return;
    const same =
      names.length === (constraints.exclude?.length ?? 0) &&
      names.every((n, i) => constraints.exclude?.[i] === n);
    if (!same) onChange({ ...constraints, exclude: names });
  };

  return (
    <fieldset className="replay-constraints">
      <legend>Before the search: what a setting may change</legend>
      <div role="radiogroup" aria-label="Where a model may move">
        <label>
          <input
            type="radio"
            name={`${id}-substitutes`}
            checked={!anyProvider}
            onChange={() => onChange({ ...constraints, substitutes: 'sameProvider' })}
          />{' '}
          Keep each model with its own provider
        </label>
        <label>
          <input
            type="radio"
            name={`${id}-substitutes`}
            checked={anyProvider}
            onChange={() => onChange({ ...constraints, substitutes: 'any' })}
          />{' '}
          Allow a move to any provider
        </label>
      </div>
      <label htmlFor={`${id}-exclude`}>Never move to these models</label>
      <input
        id={`${id}-exclude`}
        type="text"
        spellCheck={false}
        value={draft}
        placeholder="e.g. gpt-4.1-nano, claude-haiku-4-5"
        aria-describedby={`${id}-exclude-hint`}
        aria-invalid={unknown.length > 0}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={applyExclude}
        onKeyDown={(e) => {
          if (e.key === 'Enter') applyExclude();
        }}
      />
      <p id={`${id}-exclude-hint`} className="field-hint">
        Names from the Prices tab, separated by commas. A model you exclude that your traffic uses
        may still stay on itself; Enter or leaving the field runs the search again.
      </p>
      {unknown.length > 0 ? (
        <p role="alert" className="form-error">
          Never move to these models: {unknown.join(', ')} {unknown.length === 1 ? 'is' : 'are'} not
          in the price table. The search goes on with the list it had; check the spelling against
          the Prices tab.
        </p>
      ) : null}
    </fieldset>
  );
}
