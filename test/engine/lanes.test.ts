import { describe, expect, it } from 'vitest';
import { onLane, waitingOn } from '../../src/engine/lanes.ts';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('onLane', () => {
  it('runs one request at a time, in order', async () => {
    const ran: number[] = [];
    const first = deferred<number>();
    const a = onLane('order', () => (ran.push(1), first.promise));
    const b = onLane('order', async () => (ran.push(2), 2));
    expect(ran).toEqual([1]);
    first.resolve(1);
    expect(await a).toBe(1);
    expect(await b).toBe(2);
    expect(ran).toEqual([1, 2]);
  });

  it('drops a waiting request whose signal fired, without running it', async () => {
    const ran: number[] = [];
    const first = deferred<number>();
    const a = onLane('drop', () => (ran.push(1), first.promise));
    const controller = new AbortController();
    const b = onLane('drop', async () => (ran.push(2), 2), controller.signal);
    const c = onLane('drop', async () => (ran.push(3), 3));
    expect(waitingOn('drop')).toBe(2);
    controller.abort();
    await expect(b).rejects.toBeDefined();
    expect(waitingOn('drop')).toBe(1);
    first.resolve(1);
    await a;
    expect(await c).toBe(3);
    expect(ran).toEqual([1, 3]);
  });

  it('refuses a request already aborted, and frees the lane after a failure', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(onLane('fail', async () => 1, controller.signal)).rejects.toBeDefined();
    await expect(
      onLane('fail', () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await onLane('fail', async () => 2)).toBe(2);
  });
});
