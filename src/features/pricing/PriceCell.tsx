import { useState } from 'react';
import { atMost, USD_PER_MILLION } from '../../core/limits.ts';

/**
 * One editable cell of the price table. Keeps what the user typed while it
 * is invalid (and reports the problem through `onProblem`); commits only valid
 * values, so the table always holds prices the core can use.
 */
export function PriceCell(props: {
  label: string;
  value: string;
  /** Returns a problem in words, or null when `text` is acceptable. */
  validate: (text: string) => string | null;
  onCommit: (text: string) => void;
  onProblem: (problem: string | null) => void;
  width?: string;
  inputMode?: 'decimal' | 'text';
  /** Commit on every valid keystroke, or only on blur/Enter (for names, which key the row). */
  commitOn?: 'change' | 'blur';
}) {
  const {
    label,
    value,
    validate,
    onCommit,
    onProblem,
    width = '4.8rem',
    inputMode = 'decimal',
    commitOn = 'change',
  } = props;
  const [draft, setDraft] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);
  return (
    <input
      type="text"
      inputMode={inputMode}
      aria-label={label}
      aria-invalid={invalid}
      style={{ width }}
      value={draft ?? value}
      onChange={(e) => {
        const text = e.target.value;
        setDraft(text);
        const problem = validate(text);
        setInvalid(problem !== null);
        onProblem(problem === null ? null : `${label}: ${problem}`);
        if (problem === null && commitOn === 'change') onCommit(text);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && commitOn === 'blur') e.currentTarget.blur();
      }}
      onBlur={() => {
        if (invalid) return;
        if (commitOn === 'blur' && draft !== null && draft !== value) onCommit(draft);
        setDraft(null);
      }}
    />
  );
}

/** Parses a price cell: a number ≥ 0, or empty when the field is optional. */
export function parsePrice(text: string, optional: boolean): number | undefined | Error {
  const t = text.trim();
  if (t === '') return optional ? undefined : new Error('is required');
  const n = Number(t);
  if (!Number.isFinite(n) || n < 0)
    return new Error(`"${t}" is not a price of 0 or more USD per million tokens`);
  if (n > USD_PER_MILLION.max) return new Error(atMost(USD_PER_MILLION));
  return n;
}
