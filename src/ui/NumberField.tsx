import {
  memo,
  useCallback,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import { Slider } from './Slider.tsx';
import { formatPlain } from './format.ts';
import { fieldText } from '../format/number-format.ts';
import { parseTypedNumber, type NumberRule } from './typed-number.ts';

export interface NumberFieldProps {
  /** Visible label, and the accessible name of the numeric field. */
  label: string;
  value: number;
  onChange: (value: number) => void;
  min: number;
  max: number;
  /** Step of the numeric field and (on a linear scale) the slider. */
  step?: number;
  /** Logarithmic slider (the numeric field stays exact). */
  log?: boolean;
  /** Only whole numbers are accepted. */
  integer?: boolean;
  /** Unit shown after the field, such as "tokens". */
  unit?: string;
  /** Help shown under the control. */
  hint?: ReactNode;
  /** Formats the value for the slider's spoken value. */
  formatValue?: (value: number) => string;
  /** Hide the slider (numeric field only). */
  noSlider?: boolean;
  /** Slider range when narrower than what may be typed (defaults to min/max). */
  sliderMin?: number;
  sliderMax?: number;
}

const LOG_STEPS = 1000;

function toSlider(value: number, min: number, max: number, log: boolean): number {
  if (!log) return value;
  const lo = Math.log10(min);
  const hi = Math.log10(max);
  const clamped = Math.min(max, Math.max(min, value));
  return Math.round(((Math.log10(clamped) - lo) / (hi - lo)) * LOG_STEPS);
}

function fromSlider(
  position: number,
  min: number,
  max: number,
  log: boolean,
  integer: boolean,
): number {
  if (!log) return position;
  const lo = Math.log10(min);
  const hi = Math.log10(max);
  const raw = 10 ** (lo + ((hi - lo) * position) / LOG_STEPS);
  // Round to 3 significant digits so dragged values read cleanly.
  const magnitude = 10 ** Math.max(0, Math.floor(Math.log10(raw)) - 2);
  const rounded = Math.round(raw / magnitude) * magnitude;
  return integer ? Math.round(rounded) : rounded;
}

/**
 * A labelled number control: a slider and a numeric field that stay in sync.
 * The numeric field carries the label; the slider (an ARIA slider) has the
 * same accessible name, given by its title, so that a label lookup finds
 * exactly one field to type into. A typed value out of range is
 * refused with a message (role="alert") and the last good value is kept.
 */
export function NumberField(props: NumberFieldProps) {
  const {
    label,
    value,
    min,
    max,
    step = 1,
    log = false,
    integer = false,
    unit,
    hint,
    formatValue,
    noSlider,
  } = props;
  const sMin = props.sliderMin ?? min;
  const sMax = props.sliderMax ?? max;
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // A value set from outside (Reset, a preset, an import, a link) replaces
  // what was typed: a refused entry and its alert, or a draft that no longer
  // reads as the value. A value this field sent itself leaves its draft alone
  // (while an entry is refused, the field sends nothing).
  const [seenValue, setSeenValue] = useState(value);
  if (!Object.is(seenValue, value)) {
    setSeenValue(value);
    if (error !== null) {
      setDraft(null);
      setError(null);
    } else if (draft !== null) {
      const typed = parseTypedNumber(draft, ruleOf(props, integer));
      if (!typed.ok || !sameNumber(typed.value, value)) setDraft(null);
    }
  }
  const shown = draft ?? fieldText(value);

  // The handlers below are made once and read the latest props when they
  // run, so the <input> and the slider re-render only when what they show
  // changes: re-rendering an <input> makes React rewrite its value, type and
  // name, a cost paid by every field on screen at every step of a drag.
  const latest = useRef({ props, sMin, sMax, step, log, integer });
  useLayoutEffect(() => {
    latest.current = { props, sMin, sMax, step, log, integer };
  });

  const onText = useCallback((text: string) => {
    const { props: p, integer: whole } = latest.current;
    setDraft(text);
    const result = parseTypedNumber(text, ruleOf(p, whole));
    setError(result.ok ? null : result.error);
    if (result.ok) p.onChange(result.value);
  }, []);

  const onStepKey = useCallback((up: boolean) => {
    const { props: p, step: by, integer: whole } = latest.current;
    const next = Math.min(p.max, Math.max(p.min, p.value + (up ? by : -by)));
    setDraft(null);
    setError(null);
    p.onChange(whole ? Math.round(next) : next);
  }, []);

  const onSlide = useCallback((position: number) => {
    const { props: p, sMin: lo, sMax: hi, log: logScale, integer: whole } = latest.current;
    setDraft(null);
    setError(null);
    p.onChange(fromSlider(position, lo, hi, logScale, whole));
  }, []);

  const spoken = formatValue
    ? formatValue(value)
    : `${formatPlain(value)}${unit ? ` ${unit}` : ''}`;

  return (
    <div className="field">
      <div className="field-head">
        <label htmlFor={`${id}-n`}>{label}</label>
        <span className="field-input">
          <NumericInput
            id={`${id}-n`}
            shown={shown}
            min={min}
            max={max}
            invalid={error !== null}
            describedBy={error ? `${id}-e` : hint ? `${id}-h` : undefined}
            onText={onText}
            onBlur={error === null ? clearDraftOf(setDraft) : undefined}
            onStepKey={onStepKey}
          />
          {unit && <span className="unit">{unit}</span>}
        </span>
      </div>
      {!noSlider && (
        <Slider
          name={label}
          min={log ? 0 : sMin}
          max={log ? LOG_STEPS : sMax}
          step={log ? 1 : step}
          position={toSlider(value, sMin, sMax, log)}
          valueNow={value}
          valueMin={sMin}
          valueMax={sMax}
          valueText={spoken}
          onChange={onSlide}
        />
      )}
      {error ? (
        <p id={`${id}-e`} role="alert" className="field-error">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-h`} className="field-hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** What a typed number must be for this field. */
function ruleOf(props: NumberFieldProps, integer: boolean): NumberRule {
  return { label: props.label, min: props.min, max: props.max, integer, unit: props.unit };
}

/** Equal, or as near as a value sent through a scaled field (characters ÷ 4 × 4) comes back. */
function sameNumber(a: number, b: number): boolean {
  return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));
}

/** One blur handler per state setter (stable, unlike a fresh arrow per render). */
const blurHandlers = new WeakMap<(draft: string | null) => void, () => void>();
function clearDraftOf(setDraft: (draft: string | null) => void): () => void {
  let handler = blurHandlers.get(setDraft);
  if (handler === undefined) {
    handler = () => setDraft(null);
    blurHandlers.set(setDraft, handler);
  }
  return handler;
}

interface NumericInputProps {
  id: string;
  min: number;
  max: number;
  invalid: boolean;
  describedBy: string | undefined;
  onText: (text: string) => void;
  onBlur: (() => void) | undefined;
  onStepKey: (up: boolean) => void;
}

/**
 * The numeric field itself. Its text is written straight to the element,
 * before the browser paints: re-rendering an <input>, controlled or not,
 * makes React rewrite its name and type (and, when controlled, its value
 * and value attribute), four DOM writes that each invalidate the field's
 * style, at every step of a drag. So the <input> re-renders only when its
 * range or state changes, never for a new value.
 */
const NumericInput = memo(function NumericInput({
  shown,
  ...props
}: NumericInputProps & { shown: string }) {
  const ref = useRef<HTMLInputElement>(null);
  const [initial] = useState(shown);
  useLayoutEffect(() => {
    const input = ref.current;
    if (input !== null && input.value !== shown) input.value = shown;
  }, [shown]);
  return <FieldInput {...props} inputRef={ref} initial={initial} />;
});

const FieldInput = memo(function FieldInput(
  props: NumericInputProps & {
    inputRef: RefObject<HTMLInputElement | null>;
    initial: string;
  },
) {
  const { onText, onStepKey } = props;
  return (
    <input
      ref={props.inputRef}
      id={props.id}
      type="number"
      step="any"
      min={props.min}
      max={props.max}
      className="num"
      defaultValue={props.initial}
      aria-invalid={props.invalid}
      aria-describedby={props.describedBy}
      onChange={(e) => onText(e.target.value)}
      onBlur={props.onBlur}
      onKeyDown={(e) => {
        if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
          e.preventDefault();
          onStepKey(e.key === 'ArrowUp');
        }
      }}
    />
  );
});
