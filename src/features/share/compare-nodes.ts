/**
 * The comparison of the pinned scenario A with the current scenario B as
 * nodes of the derivation graph: the headline figures side by side, the
 * inputs and the outcomes that differ (grouped by tab) and the one-line
 * status. Each is empty while nothing is pinned, and each keeps its kept
 * object when B's edit leaves it equal by value, so the panel's tables do not
 * re-render.
 */
import { sameList, sameRecord } from '../../domain/equality.ts';
import { computed, type Signal } from '../../state/derive.ts';
import { compareFigures, type ComparisonRow } from './compare-rows.ts';
import { fateDifferencesOf, type FateDifference } from './fate-diff.ts';
import {
  currentFigures,
  currentHops,
  currentScenario,
  pinnedFigures,
  pinnedHops,
  pinnedScenario,
} from './figure-nodes.ts';
import { GROUP_ORDER, inputDifferences, type InputDifference } from './scenario-diff.ts';

const sameLines = <T extends object>(a: readonly T[], b: readonly T[]) =>
  sameList(a, b, sameRecord);

/** Lines grouped by tab, in the tabs' order; tabs without a line left out. */
export function byGroup<T extends { group: string }>(
  lines: readonly T[],
): readonly (readonly [string, readonly T[]])[] {
  const groups = new Map<string, T[]>();
  for (const group of GROUP_ORDER) groups.set(group, []);
  for (const line of lines) groups.get(line.group)?.push(line);
  return [...groups].filter(([, items]) => items.length > 0);
}

/** Every headline figure of A and B with the difference (none while nothing is pinned). */
export const comparisonRows: Signal<readonly ComparisonRow[]> = computed(
  'compare.rows',
  () => {
    const a = pinnedFigures.get();
    return a === null ? [] : compareFigures(a, currentFigures.get());
  },
  { isEqual: sameLines },
);

/** Every input that differs between A and B. */
export const inputDiffs: Signal<readonly InputDifference[]> = computed(
  'compare.inputs',
  () => {
    const a = pinnedScenario.get();
    if (a === null) return [];
    return inputDifferences(
      a as unknown as Record<string, unknown>,
      currentScenario.get() as unknown as Record<string, unknown>,
    );
  },
  { isEqual: sameLines },
);

/** Every outcome that differs between A and B: the gate's verdict, budget rows, routed hops. */
export const fateDiffs: Signal<readonly FateDifference[]> = computed(
  'compare.fates',
  () => {
    const figuresA = pinnedFigures.get();
    const hopsA = pinnedHops.get();
    if (figuresA === null || hopsA === null) return [];
    return fateDifferencesOf(hopsA, currentHops.get(), figuresA, currentFigures.get());
  },
  { isEqual: sameLines },
);

/** The inputs that differ, grouped by tab. */
export const inputDiffGroups = computed('compare.inputs.byGroup', () => byGroup(inputDiffs.get()));

/** The outcomes that differ, grouped by tab. */
export const fateDiffGroups = computed('compare.fates.byGroup', () => byGroup(fateDiffs.get()));

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** The comparison's status line: how many inputs, outcomes and headline figures differ. */
export const comparisonStatus: Signal<string> = computed('compare.status', () => {
  const inputs = inputDiffs.get();
  const fates = fateDiffs.get();
  const rows = comparisonRows.get();
  const changed = rows.filter((r) => r.changed).length;
  return (
    (inputs.length === 0
      ? 'B has the same inputs as A. '
      : `${plural(inputs.length, 'input differs', 'inputs differ')}; ${plural(fates.length, 'outcome differs', 'outcomes differ')}. `) +
    (changed === 0
      ? 'B matches A on every headline figure.'
      : `${changed} of ${rows.length} headline figures differ.`)
  );
});
