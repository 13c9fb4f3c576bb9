/**
 * Calls the engine: in a Web Worker where the browser has one, else (jsdom,
 * old runtimes) on the main thread in a later microtask, so callers see the
 * same asynchronous API either way.
 *
 * One worker per lane: the routing sweeps of a long conversation can take a
 * few hundred milliseconds, and the strategy's own run (what the totals and
 * the timeline show first), the baselines or the gate's population should
 * not queue behind them.
 */
import { wrap, type Remote } from 'comlink';
import { engineApi, type EngineApi, type EngineTask } from './api.ts';

/** Which worker runs a task. */
export type EngineLane = 'strategy' | 'baselines' | 'sweeps' | 'gate';

type Call<K extends EngineTask> = (
  request: Parameters<EngineApi[K]>[0],
) => Promise<ReturnType<EngineApi[K]>>;

const remotes = new Map<EngineLane, Remote<EngineApi>>();

function remoteFor(lane: EngineLane): Remote<EngineApi> | null {
  if (typeof Worker === 'undefined') return null;
  let remote = remotes.get(lane);
  if (remote === undefined) {
    const worker = new Worker(new URL('./worker.ts', import.meta.url), {
      type: 'module',
      name: `engine-${lane}`,
    });
    remote = wrap<EngineApi>(worker);
    remotes.set(lane, remote);
  }
  return remote;
}

/** Whether tasks run in a Web Worker (else on the main thread, in a later microtask). */
export function engineInWorker(): boolean {
  return typeof Worker !== 'undefined';
}

/** Runs `task` of the engine on `lane`'s worker (or on the main thread without workers). */
export function runEngine<K extends EngineTask>(
  lane: EngineLane,
  task: K,
  request: Parameters<EngineApi[K]>[0],
): Promise<ReturnType<EngineApi[K]>> {
  const remote = remoteFor(lane);
  if (remote !== null) return (remote[task] as unknown as Call<K>)(request);
  return Promise.resolve().then(() =>
    (engineApi[task] as (r: typeof request) => ReturnType<EngineApi[K]>)(request),
  );
}
