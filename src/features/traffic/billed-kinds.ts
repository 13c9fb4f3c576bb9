/** The five kinds of token an as-billed cost is split into (SPEC §10), in the order the tab shows them. */
export const BILLED_KINDS = [
  { key: 'inputUsd', label: 'Plain input', color: 'var(--chart-1)' },
  { key: 'cacheReadUsd', label: 'Cache reads', color: 'var(--chart-3)' },
  { key: 'cacheWrite5mUsd', label: '5-minute writes', color: 'var(--chart-5)' },
  { key: 'cacheWrite1hUsd', label: '1-hour writes', color: 'var(--chart-4)' },
  { key: 'outputUsd', label: 'Output', color: 'var(--chart-2)' },
] as const;
