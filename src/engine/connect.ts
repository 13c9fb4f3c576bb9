/**
 * The one way the page reaches a worker: `connect(create, local)` gives the
 * worker's API over comlink where the browser has `Worker`, else (jsdom
 * tests, old runtimes) the same API loaded in this thread, each call
 * answered in a later microtask, so callers see the same asynchronous API
 * either way. Both the explorers' engine and the traffic service use it: one
 * fallback, not one per client.
 */
import { wrap, type Remote } from 'comlink';

/** `Api` as the page calls it: every method answers with a promise. */
export type AsyncApi<Api> = {
  readonly [K in keyof Api]: Api[K] extends (...args: infer A) => infer R
    ? (...args: A) => Promise<Awaited<R>>
    : never;
};

/** Whether calls go to a Web Worker (else to the same code in this thread). */
export function hasWorkers(): boolean {
  return typeof Worker !== 'undefined';
}

/**
 * The API of the worker `create` starts (once, on the first call), or of
 * `local()` in this thread where there are no workers. Callbacks passed to
 * it must be wrapped in comlink's `proxy` (a no-op in this thread).
 */
export function connect<Api extends object>(
  create: () => Worker,
  local: () => Api | Promise<Api>,
): AsyncApi<Api> {
  if (hasWorkers()) {
    let remote: Remote<Api> | undefined;
    return new Proxy({} as AsyncApi<Api>, {
      get: (_, method) => {
        remote ??= wrap<Api>(create());
        return (remote as Record<PropertyKey, unknown>)[method];
      },
    });
  }
  let loading: Promise<Api> | undefined;
  return new Proxy({} as AsyncApi<Api>, {
    get:
      (_, method) =>
      async (...args: unknown[]) => {
        loading ??= Promise.resolve().then(local);
        const api = await loading;
        // A later microtask, as a worker's answer would be.
        await Promise.resolve();
        return (api as Record<PropertyKey, (...a: unknown[]) => unknown>)[method]!(...args);
      },
  });
}
