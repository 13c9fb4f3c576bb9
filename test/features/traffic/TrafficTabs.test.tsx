import 'fake-indexeddb/auto';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TRAFFIC_CHANNEL } from '../../../src/engine/traces/traffic-channel.ts';
import { TrafficService } from '../../../src/engine/traces/traffic-service.ts';
import TrafficPanel from '../../../src/features/traffic/TrafficPanel.tsx';
import { resetTrafficSessionForTests } from '../../../src/features/traffic/traffic-session.ts';
import { useAppStore } from '../../../src/state/store.ts';
import { storedTraffic } from '../../helpers/traffic-figures.ts';
import { textSource } from '../../engine/traces/fixture-sources.ts';
import { settled } from '../../helpers/settled.ts';

function calls(ids: readonly number[]): string {
  return ids
    .map((id) =>
      JSON.stringify({
        timestamp: new Date(Date.UTC(2026, 3, 3, 12, 0, id)).toISOString(),
        conversation_id: 'c1',
        response: {
          id: `msg_${id}`,
          type: 'message',
          model: 'claude-sonnet-4-5',
          usage: { input_tokens: 100, output_tokens: 10 },
        },
      }),
    )
    .join('\n');
}

/** Another tab: its own service over the same store, and its own end of the channel. */
async function otherTab(change: (service: TrafficService) => Promise<unknown>, kind: string) {
  const service = new TrafficService({ priceBook: () => Promise.resolve(undefined) });
  await change(service);
  const channel = new BroadcastChannel(TRAFFIC_CHANNEL);
  channel.postMessage({ kind });
  channel.close();
}

beforeEach(() => {
  resetTrafficSessionForTests();
  act(() => useAppStore.getState().resetToDefaults());
});

afterEach(async () => {
  cleanup();
  await new TrafficService().forget();
});

describe('the traffic tab beside other tabs', () => {
  it('shows another tab’s import and another tab’s Forget, and says so', async () => {
    render(<TrafficPanel />);
    await screen.findByText(/No traffic yet/);

    await otherTab(
      (s) => s.importFiles([textSource('b.jsonl', calls([1, 2, 3, 4, 5, 6, 7]))]),
      'imported',
    );
    expect(
      await screen.findByText('Another tab changed this traffic: 7 calls stored now.'),
    ).toHaveAttribute('role', 'status');
    await expect.poll(() => storedTraffic()?.meta?.callCount).toBe(7);

    await otherTab((s) => s.forget(), 'forgotten');
    expect(
      await screen.findByText(
        'Another tab forgot this traffic: its calls are deleted from this browser.',
      ),
    ).toBeInTheDocument();
    await expect.poll(() => storedTraffic()?.meta).toBeUndefined();
    await screen.findByText(/No traffic yet/);
    await settled();
  });

  it('alerts when an import cannot be stored, and says what is kept', async () => {
    // A newer version of the explorer holds the store.
    await new Promise<void>((resolve, reject) => {
      const request = indexedDB.open('cce-traffic', 99);
      request.onsuccess = () => {
        request.result.close();
        resolve();
      };
      request.onerror = () => reject(request.error);
    });
    try {
      const user = userEvent.setup();
      render(<TrafficPanel />);
      await screen.findByText(/No traffic yet/);
      const file = new File([calls([1, 2, 3, 4, 5, 6, 7])], 'b.jsonl');
      await user.upload(screen.getByLabelText('Choose trace files'), file);
      const alert = await screen.findByText(/could not be stored in this browser/);
      expect(alert).toHaveAttribute('role', 'alert');
      expect(alert).toHaveTextContent(
        /^Read 1 file: 7 new calls, but they could not be stored in this browser: the traffic store belongs to a newer version of the explorer.*shown on this page only, and a reload will not have them/,
      );
      await settled();
    } finally {
      cleanup();
      await new Promise<void>((resolve) => {
        const request = indexedDB.deleteDatabase('cce-traffic');
        request.onsuccess = () => resolve();
        request.onerror = () => resolve();
      });
    }
  });
});
