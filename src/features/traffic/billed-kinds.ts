import { PALETTE } from '../../ui/charts/palette.ts';
/** The five kinds of token an as-billed cost is split into (SPEC §10), in the order the tab shows them. */
export const BILLED_KINDS = [
  { key: 'inputUsd', label: 'Plain input', color: PALETTE.input },
  { key: 'cacheReadUsd', label: 'Cache reads', color: PALETTE.cacheRead },
  { key: 'cacheWrite5mUsd', label: '5-minute writes', color: PALETTE.cacheWrite },
  { key: 'cacheWrite1hUsd', label: '1-hour writes', color: PALETTE.cacheWrite1h },
  { key: 'outputUsd', label: 'Output', color: PALETTE.output },
] as const;
