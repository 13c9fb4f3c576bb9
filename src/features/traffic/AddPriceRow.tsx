import { useId, useState, type FormEvent } from 'react';
import { validatePriceRow, type PriceRow } from '../../core/index.ts';
import { useAppStore } from '../../state/store.ts';

/** A typed price: a number ≥ 0 (USD per million tokens), or why not. */
function parsePrice(text: string): number | Error {
  const t = text.trim();
  if (t === '') return new Error('enter a price');
  const n = Number(t);
  if (!Number.isFinite(n) || n < 0)
    return new Error(`"${t}" is not a price of 0 or more USD per million tokens`);
  return n;
}

/** A one-line form that adds a price row for a model the traffic uses but the table does not price. */
export function AddPriceRow({ model }: { model: string }) {
  const id = useId();
  const addPriceRow = useAppStore((s) => s.addPriceRow);
  const taken = useAppStore((s) => s.prices.rows.some((r) => r.model === model));
  const [open, setOpen] = useState(false);
  const [input, setInput] = useState('');
  const [output, setOutput] = useState('');
  const [problem, setProblem] = useState<string | undefined>();

  if (!open) {
    return (
      <button type="button" className="link-button" onClick={() => setOpen(true)}>
        Add a price row for {model}
      </button>
    );
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const inputUsd = parsePrice(input);
    if (inputUsd instanceof Error) return setProblem(`Input price: ${inputUsd.message}.`);
    const outputUsd = parsePrice(output);
    if (outputUsd instanceof Error) return setProblem(`Output price: ${outputUsd.message}.`);
    if (taken) return setProblem(`"${model}" is already in the price table.`);
    const row: PriceRow = { provider: 'unknown', input: inputUsd, output: outputUsd };
    const problems = validatePriceRow(model, row);
    if (problems.length > 0) return setProblem(problems.join('; '));
    addPriceRow({ model, ...row });
    return undefined;
  };
  return (
    <form
      className="add-price-row"
      onSubmit={submit}
      noValidate
      aria-label={`Price row for ${model}`}
    >
      <label>
        Input price for {model} (USD / M tokens)
        <input
          type="text"
          inputMode="decimal"
          value={input}
          onChange={(e) => setInput(e.target.value)}
          aria-describedby={problem === undefined ? undefined : `${id}-problem`}
        />
      </label>
      <label>
        Output price for {model} (USD / M tokens)
        <input
          type="text"
          inputMode="decimal"
          value={output}
          onChange={(e) => setOutput(e.target.value)}
        />
      </label>
      <button type="submit">Add price row</button>
      <button type="button" onClick={() => setOpen(false)}>
        Cancel
      </button>
      {problem === undefined ? null : (
        <p id={`${id}-problem`} className="form-error" role="alert">
          {problem}
        </p>
      )}
      <p className="note">Cache prices default to the input price; edit them on the Prices tab.</p>
    </form>
  );
}
