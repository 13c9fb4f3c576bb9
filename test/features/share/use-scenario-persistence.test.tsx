import { act, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ScenarioBar } from '../../../src/features/share/ScenarioBar.tsx';
import {
  decodeScenarioHash,
  hashDigest,
  OWN_HASHES_KEY,
  readOwnHashes,
  scenarioToJson,
  STORAGE_KEY,
} from '../../../src/state/persistence.ts';
import { SCENARIO_VERSION } from '../../../src/state/scenario-schema.ts';
import { DEFAULT_SCENARIO, type ScenarioData } from '../../../src/model/scenario.ts';
import { useAppStore } from '../../../src/state/store.ts';
import { useShareStore } from '../../../src/features/share/share-store.ts';
import {
  hasSomethingToRestore,
  loadPersistence,
  PINNED_KEY,
  SAVED_KEY,
  SAVED_VERSION,
  saveScenarioQuickly,
} from '../../../src/features/share/use-scenario-persistence.ts';
import { jsonHash, Probe, resetEverything } from './helpers.tsx';

const withOutput = (outputTokens: number): ScenarioData => ({
  ...DEFAULT_SCENARIO,
  gate: { ...DEFAULT_SCENARIO.gate, outputTokens },
});

/** Renders the bar and a persisting probe, and waits until persistence has started. */
async function renderApp() {
  const view = render(
    <>
      <ScenarioBar />
      <Probe persist />
    </>,
  );
  // startScenarioPersistence() subscribed to this promise first, so it has run by now.
  await act(async () => {
    await loadPersistence();
  });
  return view;
}

const shown = () => screen.getByTestId('output-tokens').textContent;

describe('startup', () => {
  beforeEach(() => resetEverything());

  it('opens a hand-made link', async () => {
    resetEverything(jsonHash({ v: 1, gate: { outputTokens: 12_345 } }));
    await renderApp();
    await waitFor(() => expect(shown()).toBe('12345'));
    expect(screen.getByTestId('scenario-status')).toHaveTextContent(
      'Opened the scenario from the link.',
    );
  });

  it('shows the message and the defaults for a broken link', async () => {
    resetEverything(jsonHash({ v: 1, gate: { horizon: -1 } }));
    await renderApp();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link could not be opened: gate.horizon: must be 0 or more turns. Showing the defaults instead.',
    );
    expect(shown()).toBe('40000');
  });

  it('keeps the saved work when a link is broken', async () => {
    resetEverything('#s=not*base64');
    localStorage.setItem(STORAGE_KEY, scenarioToJson(withOutput(555)));
    await renderApp();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link could not be opened: link: the scenario code is damaged (not base64url). Showing your last saved work instead.',
    );
    expect(shown()).toBe('555');
  });

  it('refuses a link from a newer version', async () => {
    resetEverything(jsonHash({ v: 2, gate: { outputTokens: 1 } }));
    await renderApp();
    expect(await screen.findByRole('alert')).toHaveTextContent('newer version');
    expect(shown()).toBe('40000');
  });

  it('restores the saved work', async () => {
    localStorage.setItem(STORAGE_KEY, scenarioToJson(withOutput(4_321)));
    await renderApp();
    expect(shown()).toBe('4321');
  });

  it('offers to restore the saved work a link replaced', async () => {
    localStorage.setItem(STORAGE_KEY, scenarioToJson(withOutput(4_321)));
    window.history.replaceState(null, '', `/${jsonHash({ v: 1, gate: { outputTokens: 9 } })}`);
    await renderApp();
    await waitFor(() => expect(shown()).toBe('9'));
    act(() => screen.getByRole('button', { name: 'Restore my previous work' }).click());
    expect(shown()).toBe('4321');
  });

  it('ignores a corrupt save with a message', async () => {
    localStorage.setItem(STORAGE_KEY, '{"v":1,"gate":{"outputTokens":"lots"}}');
    await renderApp();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Your saved work could not be restored: gate.outputTokens:',
    );
    expect(shown()).toBe('40000');
  });

  it('prefers the save over a hash this browser wrote itself (a reload)', async () => {
    resetEverything('#s=stale');
    localStorage.setItem(STORAGE_KEY, scenarioToJson(withOutput(777)));
    sessionStorage.setItem(OWN_HASHES_KEY, JSON.stringify([hashDigest('#s=stale')]));
    await renderApp();
    expect(shown()).toBe('777');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('saving', () => {
  beforeEach(() => resetEverything());

  it('saves every change to local storage and the hash', async () => {
    await renderApp();
    act(() => useAppStore.getState().setGate({ outputTokens: 2_468 }));
    await waitFor(() => expect(window.location.hash).toMatch(/^#s=/));
    expect(localStorage.getItem(STORAGE_KEY)).toContain('"outputTokens":2468');
    const decoded = await decodeScenarioHash(window.location.hash);
    expect(decoded.ok && decoded.data.gate.outputTokens).toBe(2_468);
    expect(readOwnHashes(sessionStorage)).toContain(hashDigest(window.location.hash));
    expect(window.history.length).toBe(1);
  });

  it('saves to local storage right after the change is painted', async () => {
    await renderApp();
    act(() => useAppStore.getState().setGate({ outputTokens: 1_357 }));
    // Not in the same task as the change: the write would delay its frame.
    expect(localStorage.getItem(STORAGE_KEY) ?? '').not.toContain('"outputTokens":1357');
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEY)).toContain('"outputTokens":1357'));
    expect(window.location.hash).toBe('');
  });

  it('saves at once when the page is hidden, so a reload right after a click keeps it', async () => {
    await renderApp();
    act(() => useAppStore.getState().setGate({ outputTokens: 1_358 }));
    window.dispatchEvent(new Event('pagehide'));
    expect(localStorage.getItem(STORAGE_KEY)).toContain('"outputTokens":1358');
    // The address bar follows after a quiet moment, or when the page is hidden.
    await waitFor(() => expect(window.location.hash).toMatch(/^#s=/));
  });

  it('follows a link pasted into the address bar', async () => {
    await renderApp();
    act(() => {
      window.location.hash = jsonHash({ v: 1, gate: { outputTokens: 31_415 } }).slice(1);
    });
    await waitFor(() => expect(shown()).toBe('31415'));
  });

  it('keeps the current work when a pasted link is broken', async () => {
    await renderApp();
    act(() => useAppStore.getState().setGate({ outputTokens: 50 }));
    act(() => {
      window.location.hash = jsonHash({ v: 1, gate: { recallProbability: 3 } }).slice(1);
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'gate.recallProbability: must be between 0 and 1. Your current work is kept.',
    );
    expect(shown()).toBe('50');
  });
});

describe('pinned scenario A', () => {
  beforeEach(() => resetEverything());

  it('is saved locally and restored on the next visit', async () => {
    const first = await renderApp();
    act(() => useShareStore.getState().pinA(withOutput(3_210)));
    await waitFor(() => expect(localStorage.getItem(PINNED_KEY)).toContain('"outputTokens":3210'));
    first.unmount();
    useShareStore.setState({ pinnedA: null, compareOpen: false });
    await renderApp();
    expect(useShareStore.getState().pinnedA?.gate.outputTokens).toBe(3_210);
    expect(screen.getByRole('button', { name: 'Compare' })).toBeEnabled();
    act(() => useShareStore.getState().pinA(null));
    expect(localStorage.getItem(PINNED_KEY)).toBeNull();
  });
});

describe('a first visit', () => {
  beforeEach(() => resetEverything());

  it('has nothing to restore, so the persistence module waits for the first change', async () => {
    expect(hasSomethingToRestore()).toBe(false);
    localStorage.setItem(STORAGE_KEY, '{}');
    expect(hasSomethingToRestore()).toBe(true);
    resetEverything(jsonHash({ v: 1 }));
    expect(hasSomethingToRestore()).toBe(true);
  });

  it('mirrors the storage key and format of persistence.ts', () => {
    expect(SAVED_KEY).toBe(STORAGE_KEY);
    expect(SAVED_VERSION).toBe(SCENARIO_VERSION);
    const data = withOutput(6_543);
    expect(saveScenarioQuickly(data)).toBe(true);
    expect(localStorage.getItem(STORAGE_KEY)).toBe(scenarioToJson(data));
  });

  it('saves the first change before the persistence module is needed', async () => {
    render(<Probe persist />);
    act(() => useAppStore.getState().setGate({ outputTokens: 1_111 }));
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEY)).toContain('"outputTokens":1111'));
  });

  it('saves pinned A even when pinned before anything else changed', async () => {
    render(<Probe persist />);
    act(() => useShareStore.getState().pinA(withOutput(4_444)));
    await waitFor(() => expect(localStorage.getItem(PINNED_KEY)).toContain('"outputTokens":4444'));
  });
});
