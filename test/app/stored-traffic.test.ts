import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import {
  holdsStoredTraffic,
  mayHoldStoredTraffic,
  onFirstTrafficElsewhere,
  STORED_TRAFFIC_CHANNEL,
  STORED_TRAFFIC_DB,
} from '../../src/app/stored-traffic.ts';
import type { TraceCall } from '../../src/core/traces/index.ts';
import { TRAFFIC_CHANNEL } from '../../src/engine/traces/traffic-channel.ts';
import {
  forgetTraffic,
  loadTraffic,
  TRAFFIC_DB_NAME,
  updateTraffic,
} from '../../src/engine/traces/traffic-db.ts';

describe('stored traffic on start', () => {
  it('looks for the database the traffic worker keeps its calls in', () => {
    expect(STORED_TRAFFIC_DB).toBe(TRAFFIC_DB_NAME);
  });

  it('listens on the channel the traffic session announces its changes on', async () => {
    expect(STORED_TRAFFIC_CHANNEL).toBe(TRAFFIC_CHANNEL);
    let heard = 0;
    const stop = onFirstTrafficElsewhere(() => (heard += 1));
    const otherTab = new BroadcastChannel(TRAFFIC_CHANNEL);
    otherTab.postMessage({ kind: 'imported' });
    otherTab.postMessage({ kind: 'imported' });
    await expect.poll(() => heard).toBe(1);
    otherTab.close();
    stop();
  });

  it('is absent until the traffic database exists, then present', async () => {
    expect(await mayHoldStoredTraffic()).toBe(false);
    await new Promise<void>((resolve, reject) => {
      const request = indexedDB.open(STORED_TRAFFIC_DB, 1);
      request.onsuccess = () => {
        request.result.close();
        resolve();
      };
      request.onerror = () => reject(request.error);
    });
    expect(await mayHoldStoredTraffic()).toBe(true);
    await new Promise<void>((resolve) => {
      const request = indexedDB.deleteDatabase(STORED_TRAFFIC_DB);
      request.onsuccess = () => resolve();
      request.onerror = () => resolve();
    });
  });

  it('holds traffic only while the store has calls: an empty store (a visit to Your traffic) does not', async () => {
    expect(await holdsStoredTraffic()).toBe(false);
    expect(await loadTraffic()).toBeUndefined();
    expect(await mayHoldStoredTraffic()).toBe(true);
    expect(await holdsStoredTraffic()).toBe(false);
    await updateTraffic(() => ({
      meta: { files: [], skipped: [], skippedTotal: 0, callCount: 1 },
      calls: [{ model: 'claude-sonnet-4-5' } as unknown as TraceCall],
      extras: { notes: [], reported: [] },
    }));
    expect(await holdsStoredTraffic()).toBe(true);
    await forgetTraffic();
    expect(await holdsStoredTraffic()).toBe(false);
  });
});
