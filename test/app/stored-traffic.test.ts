import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { mayHoldStoredTraffic, STORED_TRAFFIC_DB } from '../../src/app/stored-traffic.ts';
import { TRAFFIC_DB_NAME } from '../../src/engine/traces/traffic-db.ts';

describe('stored traffic on start', () => {
  it('looks for the database the traffic worker keeps its calls in', () => {
    expect(STORED_TRAFFIC_DB).toBe(TRAFFIC_DB_NAME);
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
});
