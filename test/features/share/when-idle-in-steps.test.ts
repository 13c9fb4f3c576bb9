import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdleInSteps } from '../../../src/features/share/persistence-helpers.ts';

describe('whenIdleInSteps', () => {
  afterEach(() => vi.useRealTimers());

  it('runs each step in a task of its own, in order, and stops once go() fails', () => {
    vi.useFakeTimers();
    const ran: number[] = [];
    let go = true;
    whenIdleInSteps(
      [0, 1, 2].map((i) => () => {
        ran.push(i);
        if (i === 1) go = false;
      }),
      () => go,
      1_000,
    );
    expect(ran).toEqual([]);
    vi.advanceTimersToNextTimer();
    expect(ran).toEqual([0]);
    vi.advanceTimersToNextTimer();
    expect(ran).toEqual([0, 1]);
    vi.runAllTimers();
    expect(ran).toEqual([0, 1]);
  });
});
