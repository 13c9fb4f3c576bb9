import type { ReactNode } from 'react';
import { formatTokensShort, formatUsd } from '../../ui/format.ts';

/** Shared chart styling: theme colours come from CSS variables. */
export const COLORS = {
  a: 'var(--chart-1)',
  b: 'var(--chart-2)',
  c: 'var(--chart-3)',
  d: 'var(--chart-4)',
  e: 'var(--chart-5)',
  muted: 'var(--muted)',
  good: 'var(--good)',
  bad: 'var(--bad)',
} as const;

export const usdTick = (v: number): string => formatUsd(v);
export const tokenTick = (v: number): string => formatTokensShort(v);
export const plainTick = (v: number): string => String(v);

/**
 * A tooltip's content. The charts draw the box around it (.chart-tooltip):
 * a second box here showed as a box within a box.
 */
export function TooltipBox({ children }: { children: ReactNode }) {
  return <div>{children}</div>;
}

/** Log-axis ticks between 100 and 1,000,000 tokens. */
export const LOG_TICKS = [100, 1_000, 10_000, 100_000, 1_000_000];
