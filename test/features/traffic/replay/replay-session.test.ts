import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReplayOutcome } from '../../../../src/engine/traces/traffic-types.ts';
import { clearTrafficFigures, useTrafficFigures } from '../../../../src/state/traffic-figures.ts';

// A client whose answers the test releases in any order.
const pending: { request: unknown; resolve: (o: ReplayOutcome) => void }[] = [];
vi.mock('../../../../src/features/traffic/traffic-session.ts', () => ({
  trafficClient: () => ({
    replay: (_pricing: unknown, request: unknown) =>
      new Promise<ReplayOutcome>((resolve) => pending.push({ request, resolve })),
  }),
}));

const { requestReplay, resetReplaySessionForTests, useReplaySession } =
  await import('../../../../src/features/traffic/replay/replay-session.ts');

const column = (totalUsd: number) => ({
  calls: 1,
  totalUsd,
  inputUsd: 0,
  cacheReadUsd: 0,
  cacheWriteUsd: totalUsd,
  outputUsd: 0,
  cacheHitShare: 0.5,
});
const outcome = (replayUsd: number, choiceText: string): ReplayOutcome => ({
  scopeCalls: 1,
  scopeConversations: 1,
  asBilled: column(2),
  asRun: column(2),
  replay: column(replayUsd),
  leftOut: [],
  modelsSeen: [],
  choiceText,
  givesUp: [],
  timeline: { hops: [], totalCalls: 1 },
});

afterEach(() => {
  pending.length = 0;
  resetReplaySessionForTests();
  clearTrafficFigures();
});

describe('requestReplay', () => {
  it('shows updating while a replay runs, and the latest request wins', async () => {
    const choice = (ttlSeconds: 300 | 3600) => ({
      model: { kind: 'map' as const, mapping: [] },
      ttlSeconds,
    });
    const first = requestReplay({}, { kind: 'all' }, choice(300));
    const second = requestReplay({}, { kind: 'all' }, choice(3600));
    expect(useReplaySession.getState().replayUpdating).toBe(true);
    pending[1]!.resolve(outcome(1, 'second'));
    await second;
    pending[0]!.resolve(outcome(3, 'first'));
    await first;
    expect(useReplaySession.getState().replayUpdating).toBe(false);
    expect(useReplaySession.getState().outcome?.choiceText).toBe('second');
    const figures = useTrafficFigures.getState().replay!;
    expect(figures.choiceText).toBe('second');
    expect(figures.deltaUsd).toBe(-1);
    expect(figures.deltaPct).toBe(-50);
  });
});
