// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { onLane } from '../../src/engine/lanes.ts';

interface Pending {
  readonly request: { readonly n: number };
  readonly resolve: (value: unknown) => void;
}
const pending: Pending[] = [];
/** Whether the mocked engine says it runs in a worker (answers then wait for a painted frame). */
let inWorker = false;
/** A lane of its own per test: a request a test leaves unanswered holds its lane. */
let lane = 0;

// The workers, replaced by answers the test releases one by one; the lanes are the real ones.
vi.mock('../../src/engine/connect.ts', () => ({
  hasWorkers: () => inWorker,
}));
vi.mock('../../src/engine/client.ts', () => ({
  runEngine: (_lane: string, _task: string, request: { n: number }, signal?: AbortSignal) =>
    onLane(
      `test-${lane}`,
      () => new Promise((resolve) => pending.push({ request, resolve })),
      signal,
    ),
}));

const { useEngineQuery } = await import('../../src/engine/use-engine-query.ts');

type Answer = { readonly n: number; readonly label: string };
const sameAnswer = (a: Answer, b: Answer) => a.label === b.label;
const seen: (Answer | undefined)[] = [];

function Probe({ request, afterPaint = false }: { request: { n: number }; afterPaint?: boolean }) {
  // The task name only picks the request and answer types; the mock answers.
  const result = useEngineQuery('gate', 'population', request as never, {
    isEqual: sameAnswer as never,
    startAfterPaint: afterPaint,
  }) as unknown as { value: Answer | undefined; updating: boolean };
  seen.push(result.value);
  return (
    <p>
      {result.value === undefined ? 'nothing yet' : `answer ${result.value.n}`}
      {result.updating ? ' (updating…)' : ''}
    </p>
  );
}

async function answer(label = 'same') {
  const next = pending.shift();
  if (!next) throw new Error('nothing was asked');
  await act(async () => {
    next.resolve({ n: next.request.n, label });
    await tick();
  });
  return next.request.n;
}

/** A few tasks later: TanStack Query tells its observers in a task of its own. */
const tick = async () => {
  for (let i = 0; i < 3; i++) await new Promise((r) => setTimeout(r, 0));
};

/** Lets the query start its function (it runs after the render that made the request). */
const started = () => act(tick);

describe('useEngineQuery', () => {
  beforeEach(() => {
    pending.length = 0;
    seen.length = 0;
    inWorker = false;
    lane += 1;
  });

  it('with startAfterPaint, asks the worker only once the frame of the edit has painted', async () => {
    inWorker = true;
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    vi.stubGlobal('requestAnimationFrame', (f: FrameRequestCallback) => frames.push(f));
    try {
      render(<Probe request={{ n: 1 }} afterPaint />);
      await started();
      expect(pending).toHaveLength(0);
      // The frame is painted: its callbacks run, then a task after it.
      await act(async () => {
        for (const f of frames.splice(0)) f(0);
        await new Promise((r) => setTimeout(r, 0));
      });
      expect(pending.map((p) => p.request.n)).toEqual([1]);
      await act(async () => {
        pending.shift()!.resolve({ n: 1, label: 'painted' });
        await tick();
      });
      expect(screen.getByText('answer 1')).toBeInTheDocument();
      // Without it, the request goes at once.
      render(<Probe request={{ n: 2 }} />);
      await started();
      expect(pending.map((p) => p.request.n)).toEqual([2]);
    } finally {
      vi.unstubAllGlobals();
      vi.restoreAllMocks();
    }
  });

  it('asks once per request, keeps the shown answer while a newer one is computed, and skips superseded requests', async () => {
    const requests = [1, 2, 3, 4, 5].map((n) => ({ n }));
    const { rerender } = render(<Probe request={requests[0]!} />);
    await started();
    expect(screen.getByText('nothing yet (updating…)')).toBeInTheDocument();
    expect(await answer('first')).toBe(1);
    expect(screen.getByText('answer 1')).toBeInTheDocument();

    rerender(<Probe request={requests[1]!} />);
    await started();
    // Three more steps while the second is being computed: only the last is asked next.
    rerender(<Probe request={requests[2]!} />);
    await started();
    rerender(<Probe request={requests[3]!} />);
    await started();
    rerender(<Probe request={requests[4]!} />);
    await started();
    expect(pending.map((p) => p.request.n)).toEqual([2]);
    expect(screen.getByText('answer 1 (updating…)')).toBeInTheDocument();

    // The superseded answer is not shown; the last step's request goes next.
    expect(await answer('second')).toBe(2);
    expect(screen.getByText('answer 1 (updating…)')).toBeInTheDocument();
    expect(pending.map((p) => p.request.n)).toEqual([5]);

    expect(await answer('last')).toBe(5);
    expect(screen.getByText('answer 5')).toBeInTheDocument();
    expect(pending).toHaveLength(0);
  });

  it('keeps the previous object when the new answer is equal by value', async () => {
    const { rerender } = render(<Probe request={{ n: 1 }} />);
    await started();
    await answer('same');
    const first = seen.at(-1);
    rerender(<Probe request={{ n: 2 }} />);
    await started();
    await answer('same');
    // Equal answers keep their identity, so memoised charts reading them skip the render.
    expect(seen.at(-1)).toBe(first);
    expect(screen.getByText('answer 1')).toBeInTheDocument();
    rerender(<Probe request={{ n: 3 }} />);
    await started();
    await answer('different');
    expect(screen.getByText('answer 3')).toBeInTheDocument();
  });

  it('never shows an answer after the component is gone', async () => {
    const { unmount } = render(<Probe request={{ n: 1 }} />);
    await started();
    unmount();
    const before = seen.length;
    await answer();
    expect(seen.length).toBe(before);
  });
});
