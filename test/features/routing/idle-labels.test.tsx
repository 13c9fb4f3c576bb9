import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  LABELS_PER_TASK,
  useIdleLabels,
} from '../../../src/features/routing/use-routing-analysis.ts';

const labelsAt = (gap: number, count = 2 * LABELS_PER_TASK + 100) =>
  Array.from({ length: count }, (_, i) => `Turn ${i + 1}: gap ${gap} s`);

/** How many of `shown`'s labels are those of `labels`. */
const matching = (shown: readonly string[], labels: readonly string[]) =>
  shown.filter((label, i) => label === labels[i]).length;

describe('turn labels shown at idle time', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    // Idle time comes when the test says so.
    vi.stubGlobal('requestIdleCallback', (task: () => void) => setTimeout(task, 50));
    vi.stubGlobal('cancelIdleCallback', (id: number) => clearTimeout(id));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  // One act a step: React renders (and schedules the next chunk) when an act ends.
  const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

  it('keep the old labels while new ones have not held, then relabel a chunk per task', () => {
    const first = labelsAt(100);
    const { result, rerender } = renderHook(({ labels }) => useIdleLabels(labels, false), {
      initialProps: { labels: first },
    });
    expect(result.current).toBe(first);
    const next = labelsAt(200);
    rerender({ labels: next });
    advance(299);
    expect(result.current).toStrictEqual(first);
    advance(1 + 50);
    expect(matching(result.current, next)).toBe(LABELS_PER_TASK);
    // The next chunks follow, each in a task of its own.
    advance(0);
    expect(matching(result.current, next)).toBe(2 * LABELS_PER_TASK);
    advance(0);
    // The last chunk shows the very list given.
    expect(result.current).toBe(next);
  });

  it('wait again when the labels change half way, and finish with the latest', () => {
    const { result, rerender } = renderHook(({ labels }) => useIdleLabels(labels, false), {
      initialProps: { labels: labelsAt(100) },
    });
    rerender({ labels: labelsAt(200) });
    advance(350);
    expect(matching(result.current, labelsAt(200))).toBe(LABELS_PER_TASK);
    const latest = labelsAt(300);
    rerender({ labels: latest });
    advance(200);
    expect(matching(result.current, latest)).toBe(0);
    for (let i = 0; i < 20; i++) advance(25);
    expect(result.current).toBe(latest);
  });

  it('show a list of another length whole, and a short list at once', () => {
    const { result, rerender } = renderHook(({ labels, small }) => useIdleLabels(labels, small), {
      initialProps: { labels: labelsAt(100), small: false },
    });
    const longer = labelsAt(100, 700);
    rerender({ labels: longer, small: false });
    advance(350);
    expect(result.current).toBe(longer);
    const short = labelsAt(5, 10);
    rerender({ labels: short, small: true });
    expect(result.current).toBe(short);
  });
});
