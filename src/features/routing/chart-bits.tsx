import { formatUsd } from '../../ui/format.ts';

/** Theme colours (CSS variables) for the routing charts. */
export const COLORS = {
  strategy: 'var(--chart-1)',
  baseline: 'var(--chart-2)',
  read: 'var(--chart-3)',
  write: 'var(--chart-2)',
  output: 'var(--chart-1)',
  classifier: 'var(--chart-4)',
  muted: 'var(--muted)',
  good: 'var(--good)',
  warn: 'var(--warn)',
  bad: 'var(--bad)',
  accent: 'var(--accent)',
} as const;

/** Colours for models, by their position in the price table (wraps after twelve). */
const MODEL_PALETTE = [
  'var(--chart-1)',
  'var(--chart-2)',
  'var(--chart-3)',
  'var(--chart-4)',
  'var(--chart-5)',
  '#0e7490',
  '#be185d',
  '#4d7c0f',
  '#64748b',
  '#9f1239',
  '#0369a1',
  '#a16207',
] as const;

/** The colour of a model: by its row in the price table, so it is stable across charts. */
export function modelColor(model: string, modelNames: readonly string[]): string {
  const i = modelNames.indexOf(model);
  const index = i < 0 ? modelNames.length : i;
  return MODEL_PALETTE[index % MODEL_PALETTE.length] as string;
}

/** Formats an axis tick as USD. */
export const usdTick = (v: number): string => formatUsd(v);

/** A small coloured square for legends drawn in HTML. */
export function Swatch({ color, label }: { color: string; label: string }) {
  return (
    <span className="routing-swatch">
      <i style={{ background: color }} aria-hidden="true" />
      {label}
    </span>
  );
}
