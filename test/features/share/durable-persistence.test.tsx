import { act, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ScenarioBar } from '../../../src/features/share/ScenarioBar.tsx';
import {
  refreshHistory,
  resetHistoryForTests,
  useHistoryStore,
} from '../../../src/features/share/history-api.ts';
import { useShareStore } from '../../../src/features/share/share-store.ts';
import { loadPersistence } from '../../../src/features/share/use-scenario-persistence.ts';
import {
  hashDigest,
  OWN_HASHES_KEY,
  scenarioToJson,
  STORAGE_KEY,
} from '../../../src/state/persistence.ts';
import { TAB_STATE_KEY } from '../../../src/state/tab-session.ts';
import { DEFAULT_SCENARIO, type ScenarioData } from '../../../src/model/scenario.ts';
import { useAppStore } from '../../../src/state/store.ts';
import { jsonHash, Probe, resetEverything } from './helpers.tsx';

const withOutput = (outputTokens: number): ScenarioData => ({
  ...DEFAULT_SCENARIO,
  gate: { ...DEFAULT_SCENARIO.gate, outputTokens },
});

async function renderApp() {
  const view = render(
    <>
      <ScenarioBar />
      <Probe persist />
    </>,
  );
  await act(async () => {
    await loadPersistence();
  });
  return view;
}

const shown = () => screen.getByTestId('output-tokens').textContent;

function reset(hash = '') {
  resetEverything(hash);
  resetHistoryForTests();
  useShareStore.setState({ historyOpen: false, tabNote: null });
}

describe('a tab restores its own work', () => {
  beforeEach(() => reset());

  it('prefers this tab’s last state over a shared save another tab wrote since', async () => {
    resetEverything('#s=mine');
    localStorage.setItem(STORAGE_KEY, scenarioToJson(withOutput(111)));
    sessionStorage.setItem(TAB_STATE_KEY, scenarioToJson(withOutput(222)));
    sessionStorage.setItem(OWN_HASHES_KEY, JSON.stringify([hashDigest('#s=mine')]));
    await renderApp();
    expect(shown()).toBe('222');
    // The shared save (another tab's work) stays one click away.
    await waitFor(async () => {
      await refreshHistory();
      expect(
        useHistoryStore.getState().entries.some((e) => e.summary.startsWith('gate: 111 ')),
      ).toBe(true);
    });
  });

  it('opens a link from elsewhere, keeping the saved work in the history', async () => {
    localStorage.setItem(STORAGE_KEY, scenarioToJson(withOutput(4_321)));
    window.history.replaceState(null, '', `/${jsonHash({ v: 1, gate: { outputTokens: 9 } })}`);
    await renderApp();
    await waitFor(() => expect(shown()).toBe('9'));
    await waitFor(async () => {
      await refreshHistory();
      const summaries = useHistoryStore.getState().entries.map((e) => e.summary);
      expect(summaries.some((s) => s.startsWith('gate: 4,321 '))).toBe(true);
      expect(summaries[0]).toMatch(/^gate: 9 /);
    });
  });
});

describe('a save that cannot be read', () => {
  beforeEach(() => reset());

  it('is kept as it was in the history before it can be overwritten', async () => {
    const newer = '{"v":2,"gate":{"outputTokens":5}}';
    localStorage.setItem(STORAGE_KEY, newer);
    await renderApp();
    expect(screen.getByRole('alert')).toHaveTextContent('newer version');
    await waitFor(async () => {
      await refreshHistory();
      const kept = useHistoryStore.getState().entries.filter((e) => e.status === 'kept');
      expect(kept.map((e) => e.json)).toEqual([newer]);
    });
    act(() => useAppStore.getState().setGate({ outputTokens: 77 }));
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEY)).toContain('"outputTokens":77'));
    await refreshHistory();
    expect(useHistoryStore.getState().entries.some((e) => e.json === newer)).toBe(true);
  });

  it('in pinned A never stops the main save from loading', async () => {
    let deep: unknown = { kind: 'none' };
    for (let i = 0; i < 2_000; i++) deep = { kind: 'sticky', inner: deep, ttlSeconds: 1 };
    localStorage.setItem(
      'cce:compare-a:v1',
      JSON.stringify({ v: 1, routing: { scenario: { strategy: deep } } }),
    );
    localStorage.setItem(STORAGE_KEY, scenarioToJson(withOutput(31)));
    await renderApp();
    expect(shown()).toBe('31');
  });
});

describe('a change beyond the limits', () => {
  beforeEach(() => reset());

  it('is undone where it is made, naming the field and the limit', async () => {
    await renderApp();
    act(() => useAppStore.getState().setGate({ outputTokens: 500 }));
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEY)).toContain('"outputTokens":500'));
    const rows = useAppStore.getState().prices.rows;
    act(() =>
      useAppStore.setState({
        prices: { rows: rows.map((r, i) => (i === 0 ? { ...r, maxInputTokens: 1e300 } : r)) },
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'prices.rows[0].maxInputTokens: at most 1,000,000,000 tokens',
    );
    expect(useAppStore.getState().prices.rows).toBe(rows);
    expect(localStorage.getItem(STORAGE_KEY)).not.toContain('1e+300');
  });
});

describe('Share link', () => {
  beforeEach(() => reset());

  it('refuses a link too long for the app to open and offers the file instead', async () => {
    await renderApp();
    let noise = '';
    let seed = 7;
    while (noise.length < 700_000) {
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      noise += String.fromCharCode(97 + ((seed >>> 0) % 26));
    }
    act(() => {
      const budget = useAppStore.getState().budget;
      useAppStore.setState({
        budget: {
          ...budget,
          rows: budget.rows.map((r, i) => (i === 0 ? { ...r, text: noise } : r)),
        },
      });
    });
    act(() => screen.getByRole('button', { name: 'Share link' }).click());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /This scenario is too large for a link \([\d,]+ characters; at most 400,000\)/,
    );
    expect(screen.getByRole('button', { name: 'Export JSON file instead' })).toBeVisible();
    expect(screen.queryByText('Link copied')).toBeNull();
  });
});

describe('a save another tab writes that this version cannot read', () => {
  beforeEach(() => reset());

  it('is kept in the history before this tab’s next edit overwrites it', async () => {
    localStorage.setItem(STORAGE_KEY, scenarioToJson(withOutput(31)));
    await renderApp();
    expect(shown()).toBe('31');
    act(() => useAppStore.getState().setGate({ outputTokens: 41 }));
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEY)).toContain('"outputTokens":41'));
    // A tab of a newer version saves.
    const newer = '{"v":2,"gate":{"outputTokens":5}}';
    localStorage.setItem(STORAGE_KEY, newer);
    act(() => useAppStore.getState().setGate({ outputTokens: 51 }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Another tab saved a scenario this version cannot read',
    );
    await waitFor(async () => {
      await refreshHistory();
      const kept = useHistoryStore.getState().entries.filter((e) => e.status === 'kept');
      expect(kept.map((e) => e.json)).toEqual([newer]);
    });
    // Once kept, the next edit is saved for every tab again.
    act(() => useAppStore.getState().setGate({ outputTokens: 61 }));
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEY)).toContain('"outputTokens":61'));
    await refreshHistory();
    expect(useHistoryStore.getState().entries.some((e) => e.json === newer)).toBe(true);
  });
});
