/**
 * Calls the engine's tasks (`api.ts`), one worker per lane: the routing
 * sweeps of a long conversation can take a few hundred milliseconds, and
 * the strategy's own run (what the totals and the timeline show first), the
 * baselines, the budget or the gate's population should not queue behind
 * them. Each lane runs one request at a time and drops a waiting request
 * whose signal fired (`lanes.ts`); without `Worker` the same functions run
 * in this thread (`connect.ts`).
 */
import { connect, type AsyncApi } from './connect.ts';
import { engineApi, type EngineApi, type EngineTask } from './api.ts';
import { onLane } from './lanes.ts';

/** Which worker runs a task. */
export type EngineLane = 'strategy' | 'baselines' | 'sweeps' | 'gate' | 'budget';

export type EngineRequest<K extends EngineTask> = Parameters<EngineApi[K]>[0];
export type EngineAnswer<K extends EngineTask> = ReturnType<EngineApi[K]>;

const workers = new Map<EngineLane, AsyncApi<EngineApi>>();

function workerFor(lane: EngineLane): AsyncApi<EngineApi> {
  let api = workers.get(lane);
  if (api === undefined) {
    api = connect<EngineApi>(
      () =>
        new Worker(new URL('./worker.ts', import.meta.url), {
          type: 'module',
          name: `engine-${lane}`,
        }),
      () => engineApi,
    );
    workers.set(lane, api);
  }
  return api;
}

/**
 * Runs `task` on `lane` once the lane is free; rejects without running it if
 * `signal` fires while it waits.
 */
export function runEngine<K extends EngineTask>(
  lane: EngineLane,
  task: K,
  request: EngineRequest<K>,
  signal?: AbortSignal,
): Promise<EngineAnswer<K>> {
  const call = workerFor(lane)[task] as unknown as (
    r: EngineRequest<K>,
  ) => Promise<EngineAnswer<K>>;
  return onLane(`engine-${lane}`, () => call(request), signal);
}
