import { useId, useState, type FormEvent } from 'react';
import { validatePriceRow, type PriceRow } from '../../core/index.ts';
import { useAppStore } from '../../state/store.ts';
import { parsePrice } from '../pricing/price-fields.ts';

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
    const inputUsd = parsePrice(input, false);
    if (inputUsd instanceof Error || inputUsd === undefined)
      return setProblem(
        `Input price: ${inputUsd instanceof Error ? inputUsd.message : 'enter a price'}.`,
      );
    const outputUsd = parsePrice(output, false);
    if (outputUsd instanceof Error || outputUsd === undefined)
      return setProblem(
        `Output price: ${outputUsd instanceof Error ? outputUsd.message : 'enter a price'}.`,
      );
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
