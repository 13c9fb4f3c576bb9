import { describe, expect, it, vi } from 'vitest';
import {
  createHistoryAdapter,
  type HistoryApi,
} from '../../../../src/features/share/persistence/history-adapter.ts';
import { scenarioToJson } from '../../../../src/state/persistence.ts';
import { DEFAULT_SCENARIO, type ScenarioData } from '../../../../src/model/scenario.ts';

const fakeApi = () =>
  ({
    recordState: vi.fn(() => Promise.resolve(true)),
    keepUnreadable: vi.fn(() => Promise.resolve(true)),
    refreshHistory: vi.fn(() => Promise.resolve()),
  }) satisfies HistoryApi;

/** A scenario larger than a reload can read (over 2 MB of JSON). */
const huge: ScenarioData = {
  ...DEFAULT_SCENARIO,
  budget: {
    ...DEFAULT_SCENARIO.budget,
    rows: DEFAULT_SCENARIO.budget.rows.map((r, i) =>
      i === 0 ? { ...r, text: 'x'.repeat(2_100_000) } : r,
    ),
  },
};

describe('the history adapter', () => {
  it('snapshots a state as its canonical save', () => {
    const history = createHistoryAdapter(fakeApi());
    expect(history.snapshot(DEFAULT_SCENARIO)).toEqual({
      json: scenarioToJson(DEFAULT_SCENARIO),
      fits: true,
    });
    expect(history.snapshot(huge).fits).toBe(false);
  });

  it('records states reached, and the work a link replaces unless too large', () => {
    const api = fakeApi();
    const history = createHistoryAdapter(api);
    history.record(DEFAULT_SCENARIO, '{"v":1}', 'edit');
    history.keepPrevious(DEFAULT_SCENARIO);
    history.keepPrevious(huge);
    expect(api.recordState.mock.calls).toEqual([
      [DEFAULT_SCENARIO, '{"v":1}', 'edit'],
      [DEFAULT_SCENARIO, scenarioToJson(DEFAULT_SCENARIO), 'saved'],
    ]);
  });

  it('keeps an unreadable save as it is, and says whether it was stored', async () => {
    const api = fakeApi();
    const history = createHistoryAdapter(api);
    await expect(history.keepUnreadable('{"v":2}', 'v: newer version')).resolves.toBe(true);
    expect(api.keepUnreadable).toHaveBeenCalledWith('{"v":2}', 'v: newer version');
    api.keepUnreadable.mockImplementation(() => Promise.reject(new Error('gone')));
    await expect(history.keepUnreadable('{"v":2}', 'x')).resolves.toBe(false);
  });

  it('refreshes the list without ever rejecting', async () => {
    const api = fakeApi();
    api.refreshHistory.mockImplementation(() => Promise.reject(new Error('gone')));
    expect(() => createHistoryAdapter(api).refresh()).not.toThrow();
    await Promise.resolve();
    expect(api.refreshHistory).toHaveBeenCalledOnce();
  });
});
