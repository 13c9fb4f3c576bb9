/**
 * The policy comparison's bars as data: one bar per policy, each a single
 * segment in the colour of what the policy is.
 */
import type { BarCategory, BarSegment } from '../../ui/charts/BarChart.tsx';

/** Bars from 0 to each policy's cost, coloured in order by `colors`. */
export function policyBars(
  policies: readonly { readonly label: string; readonly costUsd: number }[],
  colors: readonly string[],
): { categories: BarCategory[]; segments: BarSegment[] } {
  return {
    categories: policies.map((p) => ({ label: p.label, values: [] })),
    segments: policies.map((p, i) => ({
      key: `p${i}`,
      category: i,
      start: Math.min(0, p.costUsd),
      end: Math.max(0, p.costUsd),
      color: colors[i % colors.length] ?? 'currentColor',
    })),
  };
}
