/**
 * The stored traffic is one per browser, shared by every tab: a tab that
 * changes it (an import, a Forget, an undo) says so on a broadcast channel,
 * and every other tab reads the store again rather than keep showing, or
 * later writing, what it held before.
 */

/** The channel's name (mirrored by `src/app/stored-traffic.ts`, which listens before the traffic code loads). */
export const TRAFFIC_CHANNEL = 'cce-traffic-changes';

/** What another tab did to the stored traffic. */
export interface TrafficChange {
  readonly kind: 'imported' | 'forgotten' | 'restored';
}

let channel: BroadcastChannel | undefined;

function open(): BroadcastChannel | undefined {
  if (typeof BroadcastChannel === 'undefined') return undefined;
  channel ??= new BroadcastChannel(TRAFFIC_CHANNEL);
  return channel;
}

function isChange(value: unknown): value is TrafficChange {
  const kind = (value as { kind?: unknown } | null)?.kind;
  return kind === 'imported' || kind === 'forgotten' || kind === 'restored';
}

/** Tells the other tabs that this one changed the stored traffic. */
export function announceTrafficChange(change: TrafficChange): void {
  open()?.postMessage(change);
}

/** Calls `listener` for each change another tab makes; returns the unsubscribe. */
export function onTrafficChange(listener: (change: TrafficChange) => void): () => void {
  const at = open();
  if (at === undefined) return () => undefined;
  const handle = (event: MessageEvent) => {
    if (isChange(event.data)) listener(event.data);
  };
  at.addEventListener('message', handle);
  return () => at.removeEventListener('message', handle);
}

/** For tests: closes the channel, so that the next use opens a new one (a new "tab"). */
export function closeTrafficChannelForTests(): void {
  channel?.close();
  channel = undefined;
}
