import type { TokenTotals } from '../../engine/traces/traffic-types.ts';
import { PALETTE } from '../../ui/charts/palette.ts';

/**
 * The five kinds of token an as-billed cost is split into (SPEC §10), in the
 * order the tab shows them: the USD key of a bill and the token key of its
 * counts.
 */
export const BILLED_KINDS = [
  { key: 'inputUsd', tokens: 'inputTokens', label: 'Plain input', color: PALETTE.input },
  {
    key: 'cacheReadUsd',
    tokens: 'cacheReadTokens',
    label: 'Cache reads',
    color: PALETTE.cacheRead,
  },
  {
    key: 'cacheWrite5mUsd',
    tokens: 'cacheWrite5mTokens',
    label: '5-minute writes',
    color: PALETTE.cacheWrite,
  },
  {
    key: 'cacheWrite1hUsd',
    tokens: 'cacheWrite1hTokens',
    label: '1-hour writes',
    color: PALETTE.cacheWrite1h,
  },
  { key: 'outputUsd', tokens: 'outputTokens', label: 'Output', color: PALETTE.output },
] as const;

/** Server-tool fees (SPEC §13.4): a kind of its own, billed per request, never per token. */
export const TOOL_FEES = {
  key: 'toolFeesUsd',
  label: 'Tool fees',
  color: PALETTE.toolFees,
} as const;

/** Every kind a bill is split into, as the charts stack them: the token kinds, then tool fees. */
export const BILLED_SERIES = [...BILLED_KINDS, TOOL_FEES] as const;

/** Every token of a total, all kinds together. */
export function allTokens(t: TokenTotals): number {
  return (
    t.inputTokens + t.cacheReadTokens + t.cacheWrite5mTokens + t.cacheWrite1hTokens + t.outputTokens
  );
}
