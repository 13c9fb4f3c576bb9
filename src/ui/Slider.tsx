import { memo, useRef, type KeyboardEvent, type PointerEvent } from 'react';

export interface SliderProps {
  /** Accessible name (given as the title: see below). */
  name: string;
  /** Position domain of the thumb: [min, max] in steps of `step`. */
  min: number;
  max: number;
  step: number;
  position: number;
  onChange: (position: number) => void;
  /** What the slider's value is, for assistive technology. */
  valueNow: number;
  valueMin: number;
  valueMax: number;
  valueText: string;
}

const PAGE = 10;

function snap(position: number, min: number, max: number, step: number): number {
  const snapped = min + Math.round((position - min) / step) * step;
  // Clean floating-point noise from the step arithmetic (0.1 + 0.2…).
  return Math.min(max, Math.max(min, Number(snapped.toPrecision(12))));
}

/**
 * An ARIA slider (role="slider") driven by pointer and keyboard: arrows move
 * one step, Page Up/Down ten, Home/End to the ends.
 *
 * It is named by its title rather than a label on purpose: the numeric field
 * beside it carries the visible label, so a label lookup ("Output tokens")
 * finds exactly one field to type into, while the slider still has the same
 * accessible name for role queries and assistive technology. Native range
 * inputs named only by a title are flagged by axe (label-title-only); an ARIA
 * slider named by its title is a supported naming method.
 *
 * Memoised: with a stable `onChange` it re-renders only when it moves.
 */
export const Slider = memo(function Slider(props: SliderProps) {
  const { name, min, max, step, position, onChange } = props;
  const ref = useRef<HTMLDivElement>(null);
  const fraction = max > min ? (Math.min(max, Math.max(min, position)) - min) / (max - min) : 0;

  const fromPointer = (clientX: number) => {
    const rect = ref.current?.getBoundingClientRect();
    if (!rect || rect.width === 0) return;
    const f = Math.min(1, Math.max(0, (clientX - rect.left) / rect.width));
    const next = snap(min + f * (max - min), min, max, step);
    if (next !== position) onChange(next);
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    e.preventDefault();
    ref.current?.focus();
    e.currentTarget.setPointerCapture?.(e.pointerId);
    fromPointer(e.clientX);
  };

  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (e.currentTarget.hasPointerCapture?.(e.pointerId)) fromPointer(e.clientX);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    let next: number;
    switch (e.key) {
      case 'ArrowRight':
      case 'ArrowUp':
        next = position + step;
        break;
      case 'ArrowLeft':
      case 'ArrowDown':
        next = position - step;
        break;
      case 'PageUp':
        next = position + step * PAGE;
        break;
      case 'PageDown':
        next = position - step * PAGE;
        break;
      case 'Home':
        next = min;
        break;
      case 'End':
        next = max;
        break;
      default:
        return;
    }
    e.preventDefault();
    const snapped = snap(next, min, max, step);
    if (snapped !== position) onChange(snapped);
  };

  return (
    <div
      ref={ref}
      className="slider"
      role="slider"
      tabIndex={0}
      title={name}
      aria-orientation="horizontal"
      aria-valuemin={props.valueMin}
      aria-valuemax={props.valueMax}
      aria-valuenow={props.valueNow}
      aria-valuetext={props.valueText}
      data-position={fraction.toFixed(4)}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onKeyDown={onKeyDown}
    >
      <div className="slider-track">
        <div className="slider-fill" style={{ width: `${fraction * 100}%` }} />
      </div>
      <div className="slider-thumb" style={{ left: `${fraction * 100}%` }} />
    </div>
  );
});
