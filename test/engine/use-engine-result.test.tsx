// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

interface Pending {
  readonly request: { readonly n: number };
  readonly resolve: (value: unknown) => void;
}
const pending: Pending[] = [];
/** Whether the mocked engine says it runs in a worker (answers then wait for a painted frame). */
let inWorker = false;

// The engine, replaced by answers the test releases one by one.
vi.mock('../../src/engine/client.ts', () => ({
  engineInWorker: () => inWorker,
  runEngine: (_lane: string, _task: string, request: { n: number }) =>
    new Promise((resolve) => pending.push({ request, resolve })),
}));

const { useEngineResult } = await import('../../src/engine/use-engine-result.ts');

type Answer = { readonly n: number; readonly label: string };
const sameAnswer = (a: Answer, b: Answer) => a.label === b.label;
const seen: (Answer | undefined)[] = [];

function Probe({ request, afterPaint = false }: { request: { n: number }; afterPaint?: boolean }) {
  // The task name only picks the request and answer types; the mock answers.
  const result = useEngineResult(
    'gate',
    'population',
    request as never,
    sameAnswer as never,
    afterPaint,
  ) as unknown as { value: Answer | undefined; updating: boolean };
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
  await act(async () => next.resolve({ n: next.request.n, label }));
  return next.request.n;
}

describe('useEngineResult', () => {
  beforeEach(() => {
    pending.length = 0;
    seen.length = 0;
    inWorker = false;
  });

  it('with startAfterPaint, asks the worker only once the frame of the edit has painted', async () => {
    inWorker = true;
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    vi.stubGlobal('requestAnimationFrame', (f: FrameRequestCallback) => frames.push(f));
    try {
      render(<Probe request={{ n: 1 }} afterPaint />);
      expect(pending).toHaveLength(0);
      // The frame is painted: its callbacks run, then a task after it.
      await act(async () => {
        for (const f of frames.splice(0)) f(0);
        await new Promise((r) => setTimeout(r, 0));
      });
      expect(pending.map((p) => p.request.n)).toEqual([1]);
      await answer('painted');
      expect(screen.getByText('answer 1')).toBeInTheDocument();
      // Without it, the request goes at once.
      render(<Probe request={{ n: 2 }} />);
      expect(pending.map((p) => p.request.n)).toEqual([2]);
    } finally {
      vi.unstubAllGlobals();
      vi.restoreAllMocks();
    }
  });

  it('asks once per request, keeps the shown answer while a newer one is computed, and skips superseded requests', async () => {
    const requests = [1, 2, 3, 4].map((n) => ({ n }));
    const { rerender } = render(<Probe request={requests[0]!} />);
    expect(screen.getByText('nothing yet (updating…)')).toBeInTheDocument();
    // Three more steps while the first is being computed: only the last is asked next.
    rerender(<Probe request={requests[1]!} />);
    rerender(<Probe request={requests[2]!} />);
    rerender(<Probe request={requests[3]!} />);
    expect(pending).toHaveLength(1);

    expect(await answer('first')).toBe(1);
    expect(screen.getByText('answer 1 (updating…)')).toBeInTheDocument();
    expect(pending.map((p) => p.request.n)).toEqual([4]);

    expect(await answer('last')).toBe(4);
    expect(screen.getByText('answer 4')).toBeInTheDocument();
    expect(pending).toHaveLength(0);
  });

  it('keeps the previous object when the new answer is equal by value', async () => {
    const { rerender } = render(<Probe request={{ n: 1 }} />);
    await answer('same');
    const first = seen.at(-1);
    rerender(<Probe request={{ n: 2 }} />);
    await answer('same');
    // Equal answers keep their identity, so memoised charts reading them skip the render.
    expect(seen.at(-1)).toBe(first);
    expect(screen.getByText('answer 1')).toBeInTheDocument();
    rerender(<Probe request={{ n: 3 }} />);
    await answer('different');
    expect(screen.getByText('answer 3')).toBeInTheDocument();
  });

  it('never shows an answer after the component is gone', async () => {
    const { unmount } = render(<Probe request={{ n: 1 }} />);
    unmount();
    const before = seen.length;
    await answer();
    expect(seen.length).toBe(before);
  });
});
