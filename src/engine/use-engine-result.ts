/**
 * Reads a result of the engine in a component: the request goes to the
 * worker after the render that made it, and the answer arrives later.
 *
 * - Latest wins: while one request runs, newer ones wait in a single slot
 *   (each replacing the last), so a burst of slider steps costs at most one
 *   run more than the last step, and an answer never replaces a newer one.
 * - The previous answer stays on screen, with `updating` true, until the
 *   new one arrives; an answer equal by value (`isEqual`, a function defined once,
 *   not in render) keeps the previous object, so the charts reading it skip their render.
 */
import { useEffect, useRef, useState } from 'react';
import type { EngineApi, EngineTask } from './api.ts';
import { engineInWorker, runEngine, type EngineLane } from './client.ts';

/** Resolves once the browser has painted the next frame (at once where nothing paints). */
function afterNextPaint(): Promise<void> {
  // Without a worker (tests under jsdom) the answer is computed on this thread anyway.
  if (!engineInWorker() || typeof requestAnimationFrame !== 'function') return Promise.resolve();
  if (document.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/** The latest answer (undefined before the first) and whether a newer one is on its way. */
export interface EngineResult<T, R = unknown> {
  readonly value: T | undefined;
  /** The request `value` answers (undefined before the first answer). */
  readonly answered: R | undefined;
  readonly updating: boolean;
}

type RequestOf<K extends EngineTask> = Parameters<EngineApi[K]>[0];
type ResultOf<K extends EngineTask> = ReturnType<EngineApi[K]>;

interface Shown<K extends EngineTask> {
  /** The latest request answered (or failed). */
  readonly request: RequestOf<K>;
  readonly value: ResultOf<K> | undefined;
  /** The request `value` answers. */
  readonly answered: RequestOf<K> | undefined;
}

/**
 * The engine's answer to `request` (memoise it: a new object is a new
 * request), or to the latest request answered so far. `null` asks nothing.
 * With `startAfterPaint`, a request goes to the worker only once the frame
 * of the edit has been painted: for heavy work (a long conversation's
 * baselines and sweeps, a hundred milliseconds of a core), which on a
 * machine with few cores otherwise competes with the main thread for the
 * very frame that shows the edit.
 */
export function useEngineResult<K extends EngineTask>(
  lane: EngineLane,
  task: K,
  request: RequestOf<K> | null,
  isEqual: (kept: ResultOf<K>, next: ResultOf<K>) => boolean = Object.is,
  startAfterPaint = false,
): EngineResult<ResultOf<K>, RequestOf<K>> {
  const [shown, setShown] = useState<Shown<K> | null>(null);
  const runner = useRef({ inFlight: false, queued: null as RequestOf<K> | null, live: true });

  useEffect(() => {
    const state = runner.current;
    state.live = true;
    return () => {
      state.live = false;
    };
  }, []);

  useEffect(() => {
    if (request === null) return;
    const state = runner.current;
    if (state.inFlight) {
      state.queued = request;
      return;
    }
    const send = (next: RequestOf<K>): void => {
      state.inFlight = true;
      const painted = afterNextPaint();
      (startAfterPaint
        ? painted.then(() => runEngine(lane, task, next))
        : runEngine(lane, task, next)
      )
        .then(
          (value) => ({ ok: true as const, value }),
          () => ({ ok: false as const }),
        )
        // An answer that comes back within the frame of the edit waits for
        // that frame to be painted: the control's own step paints first.
        .then((answer) => painted.then(() => answer))
        .then((answer) => {
          state.inFlight = false;
          if (!state.live) return;
          setShown((prev) => {
            const kept = prev?.value;
            if (!answer.ok) return { request: next, value: kept, answered: prev?.answered };
            const value = kept !== undefined && isEqual(kept, answer.value) ? kept : answer.value;
            return { request: next, value, answered: next };
          });
          const queued = state.queued;
          state.queued = null;
          if (queued !== null && queued !== next) send(queued);
        });
    };
    send(request);
  }, [lane, task, request, isEqual, startAfterPaint]);

  return {
    value: shown?.value,
    answered: shown?.answered,
    updating: request !== null && (shown === null || shown.request !== request),
  };
}
