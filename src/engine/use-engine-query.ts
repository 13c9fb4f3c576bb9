/**
 * Reads a result of the engine in a component: a TanStack Query query on the
 * one engine client (`query-client.ts`), keyed by the request object, whose
 * query function is the worker call.
 *
 * - Latest wins: a new request is a new key; the query the component left
 *   is aborted, and its lane drops it if it has not started (`lanes.ts`).
 * - The previous answer stays on screen (`keepPreviousData`), with
 *   `updating` true, until the new one arrives.
 * - An answer equal by value (`isEqual`, defined once, not in render) keeps
 *   the previous object (structural sharing across requests, done on the
 *   observer through `select`), so the charts reading it skip their render.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { EngineTask } from './api.ts';
import { runEngine, type EngineAnswer, type EngineLane, type EngineRequest } from './client.ts';
import { hasWorkers } from './connect.ts';
import { engineQueryClient } from './query-client.ts';

/** The latest answer (undefined before the first) and whether a newer one is on its way. */
export interface EngineResult<T, R = unknown> {
  readonly value: T | undefined;
  /** The request `value` answers (undefined before the first answer). */
  readonly answered: R | undefined;
  readonly updating: boolean;
}

/** What a query holds: the answer and the request it answers. */
interface Answered<R, T> {
  readonly request: R;
  readonly value: T;
}

export interface EngineQueryOptions<T, S = T> {
  /**
   * What the caller reads of an answer (a module-level function): run once
   * per answer that is not equal to the one shown, so a view built from it
   * keeps its identity while the answers are equal.
   */
  readonly select?: (value: T) => S;
  /** Whether a new answer equals the one shown (then the shown object is kept). */
  readonly isEqual?: (kept: T, next: T) => boolean;
  /**
   * Send the request only once the frame of the edit has been painted: for
   * heavy work (a long conversation's baselines and sweeps, a hundred
   * milliseconds of a core), which on a machine with few cores otherwise
   * competes with the main thread for the very frame that shows the edit.
   */
  readonly startAfterPaint?: boolean;
}

/** Resolves once the browser has painted the next frame (at once where nothing paints). */
export function afterNextPaint(): Promise<void> {
  // Without a worker (tests under jsdom) the answer is computed on this thread anyway.
  if (!hasWorkers() || typeof requestAnimationFrame !== 'function') return Promise.resolve();
  if (document.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

const identity = <T>(value: T): T => value;

// One sharing function per `isEqual`, so the observer's options keep their identity.
const sharers = new WeakMap<object, (old: unknown, next: unknown) => unknown>();

function sharingFor<R, T>(isEqual: (kept: T, next: T) => boolean) {
  let share = sharers.get(isEqual);
  if (share === undefined) {
    share = (old, next) => {
      const [a, b] = [old as Answered<R, T> | undefined, next as Answered<R, T>];
      if (a === undefined || a === b || !isEqual(a.value, b.value)) return b;
      return a.request === b.request ? a : { request: b.request, value: a.value };
    };
    sharers.set(isEqual, share);
  }
  return share;
}

/**
 * The engine's answer to `request` (memoise it: a new object is a new
 * request), or to the latest request answered so far. `null` asks nothing.
 */
export function useEngineQuery<K extends EngineTask, S = EngineAnswer<K>>(
  lane: EngineLane,
  task: K,
  request: EngineRequest<K> | null,
  options: EngineQueryOptions<EngineAnswer<K>, S> = {},
): EngineResult<S, EngineRequest<K>> {
  const { isEqual = Object.is, startAfterPaint = false, select } = options;
  const query = useQuery(
    {
      queryKey: [lane, task, request],
      enabled: request !== null,
      queryFn: async ({ signal }): Promise<Answered<EngineRequest<K>, EngineAnswer<K>>> => {
        const asked = request!;
        const painted = afterNextPaint();
        if (startAfterPaint) await painted;
        const value = await runEngine(lane, task, asked, signal);
        // An answer that comes back within the frame of the edit waits for
        // that frame to be painted: the control's own step paints first.
        await painted;
        return { request: asked, value };
      },
      placeholderData: keepPreviousData,
      select: identity,
      structuralSharing: sharingFor<EngineRequest<K>, EngineAnswer<K>>(isEqual),
    },
    engineQueryClient,
  );
  const data = query.data;
  // The shared answer keeps its identity while equal, so this runs once per new answer.
  const answer = data?.value;
  const value = useMemo(
    () => (answer === undefined || select === undefined ? answer : select(answer)) as S | undefined,
    [answer, select],
  );
  return {
    value,
    answered: data?.request,
    updating: request !== null && (query.isPlaceholderData || query.isFetching || query.isPending),
  };
}
