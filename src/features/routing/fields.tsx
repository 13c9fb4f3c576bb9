/**
 * Small labelled inputs the routing editors need beyond the shared
 * NumberField: a model select that survives a model missing from the price
 * table, a checkbox, a text field and an optional whole number ("any" when
 * blank). Each has a visible label; bad typed values get a role="alert".
 */
import { useId, useState, type ReactNode } from 'react';
import { ModelSelect as ModelSelectInput } from '../../ui/ModelSelect.tsx';

/** A select of the price table's models; a model the table lacks stays selectable and is flagged. */
export function ModelSelect(props: {
  label: string;
  value: string;
  modelNames: readonly string[];
  onChange: (model: string) => void;
  /** Extra first option (value ''), such as "No model". */
  emptyOption?: string;
}) {
  const id = useId();
  const { value, modelNames, emptyOption } = props;
  const missing = value !== '' && !modelNames.includes(value);
  const options = [
    ...(emptyOption !== undefined ? [''] : []),
    ...(missing ? [value] : []),
    ...modelNames,
  ];
  const labelOf = (m: string) =>
    m === '' ? (emptyOption ?? '') : missing && m === value ? `${m} (not in the price table)` : m;
  return (
    <div className="select-field">
      <label htmlFor={id}>{props.label}</label>
      <ModelSelectInput
        id={id}
        value={value}
        options={options}
        labelOf={labelOf}
        invalid={missing}
        filterName={`the models for ${props.label}`}
        onChange={props.onChange}
      />
    </div>
  );
}

/** A checkbox with its label beside it. */
export function Checkbox(props: {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: ReactNode;
}) {
  const id = useId();
  return (
    <div className="check-field">
      <input
        id={id}
        type="checkbox"
        checked={props.checked}
        onChange={(e) => props.onChange(e.target.checked)}
      />
      <label htmlFor={id}>{props.label}</label>
      {props.hint !== undefined && <p className="field-hint">{props.hint}</p>}
    </div>
  );
}

/**
 * A labelled text field. What the user types is kept as typed while the field
 * has focus; `parse` turns it into a value or a problem (shown as an alert,
 * the last good value kept).
 */
export function TextField<T>(props: {
  label: string;
  value: T;
  format: (value: T) => string;
  parse: (text: string) => { ok: true; value: T } | { ok: false; problem: string };
  onChange: (value: T) => void;
  placeholder?: string;
  hint?: ReactNode;
}) {
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const shown = draft ?? props.format(props.value);
  return (
    <div className="field">
      <label htmlFor={id} className="text-label">
        {props.label}
      </label>
      <input
        id={id}
        type="text"
        value={shown}
        placeholder={props.placeholder}
        aria-invalid={problem !== null}
        aria-describedby={problem ? `${id}-e` : props.hint ? `${id}-h` : undefined}
        onChange={(e) => {
          const text = e.target.value;
          setDraft(text);
          const parsed = props.parse(text);
          if (parsed.ok) {
            setProblem(null);
            props.onChange(parsed.value);
          } else setProblem(`${props.label}: ${parsed.problem}`);
        }}
        onBlur={() => {
          if (problem === null) setDraft(null);
        }}
      />
      {problem !== null ? (
        <p id={`${id}-e`} role="alert" className="field-error">
          {problem}
        </p>
      ) : props.hint !== undefined ? (
        <p id={`${id}-h`} className="field-hint">
          {props.hint}
        </p>
      ) : null}
    </div>
  );
}

/** Text → trimmed text, or null when blank (blank means "any" / "none"). */
export const parseOptionalText = (text: string) => {
  const trimmed = text.trim();
  return { ok: true as const, value: trimmed === '' ? null : trimmed };
};

/** Text → a whole number ≥ 0, or null when blank. */
export function parseOptionalCount(
  text: string,
): { ok: true; value: number | null } | { ok: false; problem: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, value: null };
  const n = Number(trimmed);
  if (!Number.isFinite(n)) return { ok: false, problem: `"${text}" is not a number` };
  if (!Number.isInteger(n) || n < 0)
    return { ok: false, problem: 'must be a whole number of 0 or more (or blank for any)' };
  return { ok: true, value: n };
}

/** Comma-separated names → a list (blank → null, meaning none). */
export function parseNameList(text: string): { ok: true; value: string[] | null } {
  const names = text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  return { ok: true, value: names.length === 0 ? null : names };
}

/** The range every idle-gap field shares (seconds): up to a day typed, an hour on the slider. */
export const GAP_FIELD = {
  min: 0,
  max: 86_400,
  sliderMax: 3_600,
  step: 5,
  unit: 's',
} as const;
