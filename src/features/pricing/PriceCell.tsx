import { useState, type KeyboardEvent } from 'react';

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
  /** Shown on hover: the full value where the cell is too narrow for it. */
  title?: string;
  placeholder?: string | undefined;
  /** Commit on every valid keystroke, or only on blur/Enter (for names, which key the row). */
  commitOn?: 'change' | 'blur';
  /**
   * Wrap a long value onto more lines instead of cutting it off (a model
   * name): a one-line text area that grows with its text. Enter still
   * commits; a value never holds a line break.
   */
  wrap?: boolean;
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
    title,
    placeholder,
    wrap = false,
  } = props;
  const [draft, setDraft] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);
  const common = {
    'aria-label': label,
    'aria-invalid': invalid,
    style: { width },
    title,
    placeholder,
    value: draft ?? value,
    onChange: (e: { target: { value: string } }) => {
      const text = wrap ? e.target.value.replace(/[\r\n]+/g, ' ') : e.target.value;
      setDraft(text);
      const problem = validate(text);
      setInvalid(problem !== null);
      onProblem(problem === null ? null : `${label}: ${problem}`);
      if (problem === null && commitOn === 'change') onCommit(text);
    },
    onKeyDown: (e: KeyboardEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      if (e.key !== 'Enter') return;
      if (wrap) e.preventDefault();
      if (commitOn === 'blur') e.currentTarget.blur();
    },
    onBlur: () => {
      if (invalid) return;
      if (commitOn === 'blur' && draft !== null && draft !== value) onCommit(draft);
      setDraft(null);
    },
  };
  if (wrap) return <textarea rows={1} className="wrap-cell" spellCheck={false} {...common} />;
  return <input type="text" inputMode={inputMode} {...common} />;
}
