import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

interface Pending {
  readonly request: { readonly n: number };
  readonly resolve: (value: unknown) => void;
}
const pending: Pending[] = [];

// The engine, replaced by answers the test releases one by one.
vi.mock('../../src/engine/client.ts', () => ({
  engineInWorker: () => false,
  runEngine: (_lane: string, _task: string, request: { n: number }) =>
    new Promise((resolve) => pending.push({ request, resolve })),
}));

const { useEngineResult } = await import('../../src/engine/use-engine-result.ts');

type Answer = { readonly n: number; readonly label: string };
const sameAnswer = (a: Answer, b: Answer) => a.label === b.label;
const seen: (Answer | undefined)[] = [];

function Probe({ request }: { request: { n: number } }) {
  // The task name only picks the request and answer types; the mock answers.
  const result = useEngineResult(
    'gate',
    'population',
    request as never,
    sameAnswer as never,
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
