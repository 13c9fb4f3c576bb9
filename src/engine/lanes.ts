/**
 * One request in flight per lane. A lane is one worker (or, where there is
 * no `Worker`, one slot of the main thread): a request waits for the one
 * before it, and a request whose `AbortSignal` fires while it waits is
 * dropped, never run. TanStack Query aborts a query that lost its last
 * observer (the key moved on to a newer request), so a burst of slider
 * steps runs the request in flight and the last step, nothing between.
 */

interface Waiting {
  readonly start: () => void;
  readonly drop: (reason: unknown) => void;
  readonly signal: AbortSignal | undefined;
}

interface Lane {
  busy: boolean;
  readonly waiting: Waiting[];
}

const lanes = new Map<string, Lane>();

function laneOf(name: string): Lane {
  let lane = lanes.get(name);
  if (lane === undefined) {
    lane = { busy: false, waiting: [] };
    lanes.set(name, lane);
  }
  return lane;
}

function next(lane: Lane): void {
  lane.busy = false;
  const job = lane.waiting.shift();
  if (job !== undefined) job.start();
}

/** An error like the one `fetch` rejects with when its signal fires. */
function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The request was superseded', 'AbortError');
}

/**
 * Runs `run` on `lane` once the requests before it are done; rejects without
 * running it if `signal` fires first.
 */
export function onLane<T>(name: string, run: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  if (signal?.aborted === true) return Promise.reject(abortReason(signal));
  const lane = laneOf(name);
  return new Promise<T>((resolve, reject) => {
    const job: Waiting = {
      signal,
      start: () => {
        signal?.removeEventListener('abort', onAbort);
        lane.busy = true;
        let running: Promise<T>;
        try {
          running = run();
        } catch (error) {
          running = Promise.reject(error);
        }
        running.then(resolve, reject).finally(() => next(lane));
      },
      drop: reject,
    };
    function onAbort(): void {
      const at = lane.waiting.indexOf(job);
      if (at === -1) return;
      lane.waiting.splice(at, 1);
      job.drop(abortReason(signal!));
    }
    signal?.addEventListener('abort', onAbort, { once: true });
    if (lane.busy) lane.waiting.push(job);
    else job.start();
  });
}

/** How many requests wait on `lane` (for tests). */
export function waitingOn(name: string): number {
  return lanes.get(name)?.waiting.length ?? 0;
}
