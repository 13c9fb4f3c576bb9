import { useId, type ReactNode } from 'react';
import { formatUsd } from './format.ts';
import { NumberField } from './NumberField.tsx';
import './volume-line.css';

/** One figure of a volume line (computed by the caller: src/ui imports neither the core nor the state). */
export interface VolumeLineRow {
  readonly label: string;
  readonly usdPerDay: number;
  readonly usdPer30Days: number;
}

const SOURCE_TEXT = {
  traffic: 'from your traffic',
  default: 'a stated default (no traffic loaded)',
  typed: 'typed',
} as const;

/**
 * "Scale to a month": a volume per day, where it comes from (typed, from
 * your traffic, a stated default), and each figure in USD per day and per 30
 * days.
 */
export function VolumeLine(props: {
  /** "Tool outputs per day". */
  label: string;
  perDay: number;
  source: keyof typeof SOURCE_TEXT;
  /** Whether traffic is loaded, so a typed value can go back to its rate. */
  trafficRate: boolean;
  /** A typed value, or null for the traffic's rate (or the default). */
  onChange: (perDay: number | null) => void;
  rows: readonly VolumeLineRow[];
  /** Which part of the traffic's bill the figures model, and how (with traffic loaded). */
  note?: string | undefined;
  /** Extra controls (the model a prompt is priced on). */
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <section className="volume-line" aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`}>Scale to a month</h3>
      <div className="volume-line-controls">
        <NumberField
          label={props.label}
          value={Math.round(props.perDay * 100) / 100}
          onChange={(value) => props.onChange(value)}
          min={0}
          max={1_000_000_000}
          noSlider
          hint={
            <>
              <span className="volume-source">{SOURCE_TEXT[props.source]}</span>
              {props.source === 'typed' ? (
                <>
                  {' '}
                  <button
                    type="button"
                    className="link-button"
                    onClick={() => props.onChange(null)}
                  >
                    {props.trafficRate ? "Use my traffic's rate" : 'Use the default'}
                  </button>
                </>
              ) : null}
            </>
          }
        />
        {props.children}
      </div>
      <ul className="volume-figures" aria-live="polite">
        {props.rows.map((r) => (
          <li key={r.label}>
            <strong>{r.label}</strong>: {formatUsd(r.usdPerDay)} a day · {formatUsd(r.usdPer30Days)}{' '}
            per 30 days
          </li>
        ))}
      </ul>
      {props.note === undefined ? null : <p className="volume-part">{props.note}</p>}
    </section>
  );
}
