import { useId, useState, type FormEvent } from 'react';
import { validatePriceRow, type PriceRow } from '../../core/index.ts';
import { priceRows } from '../../state/selectors.ts';
import { useAppStore } from '../../state/store.ts';
import { parsePrice, parseTokens } from './price-fields.ts';

const FIELDS = [
  { key: 'input', label: 'Input price', optional: false },
  { key: 'output', label: 'Output price', optional: false },
  { key: 'cacheWrite', label: 'Cache write price (5 min)', optional: true },
  { key: 'cacheWrite1h', label: 'Cache write price (1 h)', optional: true },
  { key: 'cacheRead', label: 'Cache read price', optional: true },
] as const;

/** Adds a model to the price table, refusing a duplicate name or an invalid price with a message. */
export function AddModelForm() {
  const id = useId();
  const addPriceRow = useAppStore((s) => s.addPriceRow);
  const [name, setName] = useState('');
  const [provider, setProvider] = useState('anthropic');
  const [values, setValues] = useState<Record<string, string>>({
    input: '',
    output: '',
    cacheWrite: '',
    cacheWrite1h: '',
    cacheRead: '',
  });
  const [minCacheable, setMinCacheable] = useState('');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const model = name.trim();
    if (model === '') return setMessage({ ok: false, text: 'Model name: enter a name.' });
    if (priceRows.get().some((r) => r.model === model))
      return setMessage({ ok: false, text: `Model name: "${model}" is already in the table.` });
    const row: Record<string, unknown> = { provider: provider.trim() || 'unknown' };
    for (const f of FIELDS) {
      const v = parsePrice(values[f.key] ?? '', f.optional);
      if (v instanceof Error) return setMessage({ ok: false, text: `${f.label}: ${v.message}.` });
      if (v !== undefined) row[f.key] = v;
    }
    const min = parseTokens(minCacheable, true);
    if (min instanceof Error)
      return setMessage({ ok: false, text: `Minimum cacheable prompt: ${min.message}.` });
    if (min !== undefined) row['minCacheableTokens'] = min;
    const problems = validatePriceRow(model, row as unknown as PriceRow);
    if (problems.length > 0) return setMessage({ ok: false, text: problems.join('; ') });
    addPriceRow({ model, ...(row as unknown as PriceRow) });
    setMessage({ ok: true, text: `Added ${model}.` });
    setName('');
    setValues({ input: '', output: '', cacheWrite: '', cacheWrite1h: '', cacheRead: '' });
    setMinCacheable('');
    return undefined;
  };

  return (
    <section className="card" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Add a model</h2>
      <form className="add-model" onSubmit={submit} noValidate>
        <label>
          Model name
          <input type="text" value={name} onChange={(e) => setName(e.target.value)} />
        </label>
        <label>
          Provider
          <input type="text" value={provider} onChange={(e) => setProvider(e.target.value)} />
        </label>
        {FIELDS.map((f) => (
          <label key={f.key}>
            {f.label} {f.optional ? '(optional)' : ''}
            <input
              type="text"
              inputMode="decimal"
              value={values[f.key] ?? ''}
              placeholder={f.optional ? 'as input' : 'USD / M tokens'}
              onChange={(e) => setValues((v) => ({ ...v, [f.key]: e.target.value }))}
            />
          </label>
        ))}
        <label>
          Minimum cacheable prompt, tokens (optional)
          <input
            type="text"
            inputMode="numeric"
            value={minCacheable}
            placeholder="0: every prompt is cached"
            onChange={(e) => setMinCacheable(e.target.value)}
          />
        </label>
        <p className="note">A long-context tier can be added in the table once the model is in.</p>
        <button type="submit" className="primary">
          Add model
        </button>
      </form>
      {message && (
        <p role={message.ok ? 'status' : 'alert'} className={message.ok ? 'form-ok' : 'form-error'}>
          {message.text}
        </p>
      )}
    </section>
  );
}
