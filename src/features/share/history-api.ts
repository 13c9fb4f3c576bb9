/**
 * The save history as the app uses it: one backend per page (IndexedDB, else
 * local storage), this tab's id, the entries the History panel lists, and
 * the actions on them (record, keep an unreadable save, restore, download).
 * Every function resolves and never throws.
 */
import { create } from 'zustand';
import { downloadBlob } from '../../ui/download.ts';
import {
  browserStorage,
  parseScenarioText,
  scenarioToJson,
  tabStorage,
} from '../../state/persistence.ts';
import { openHistory, type HistoryBackend } from '../../state/history/history-store.ts';
import {
  makeEntry,
  makeKeptEntry,
  type HistoryEntry,
  type HistorySource,
} from '../../state/history/model.ts';
import { tabId, type TabLink } from '../../state/tab-session.ts';
import { selectScenario, useAppStore } from '../../state/store.ts';
import { type ScenarioData } from '../../model/scenario.ts';
import { useShareStore } from './share-store.ts';

interface HistoryState {
  /** Newest first, as last read from the store. */
  entries: readonly HistoryEntry[];
  /** Where the history lives. */
  kind: HistoryBackend['kind'] | null;
  /** This tab's id. */
  tab: string;
}

export const useHistoryStore = create<HistoryState>()(() => ({
  entries: [],
  kind: null,
  tab: '',
}));

let backend: Promise<HistoryBackend> | null = null;
let link: TabLink | null = null;

/** This tab's id (made once per tab, kept across reloads). */
export function thisTab(): string {
  let id = useHistoryStore.getState().tab;
  if (id === '') {
    id = tabId(tabStorage());
    useHistoryStore.setState({ tab: id });
  }
  return id;
}

/** The page's history backend, opened once. */
export function historyBackend(): Promise<HistoryBackend> {
  backend ??= openHistory(browserStorage()).then((b) => {
    useHistoryStore.setState({ kind: b.kind });
    return b;
  });
  return backend;
}

/** Forgets the backend (tests: a fresh storage). */
export function resetHistoryForTests(): void {
  backend = null;
  useHistoryStore.setState({ entries: [], kind: null, tab: '' });
}

/** The channel to the other tabs, set by persistence. */
export function setTabLink(value: TabLink | null): void {
  link = value;
}

/** Reads the entries again (after this or another tab recorded one). */
export async function refreshHistory(): Promise<void> {
  try {
    const entries = await (await historyBackend()).list();
    useHistoryStore.setState({ entries });
  } catch {
    // keep what is listed
  }
}

let chain: Promise<unknown> = Promise.resolve();
/** Runs history writes one after another, so two never interleave in this tab. */
function queued<T>(task: () => Promise<T>): Promise<T> {
  const next = chain.then(task, task);
  chain = next.catch(() => undefined);
  return next;
}

/** Records a readable state (versioned JSON) as the newest entry; false when it could not be stored. */
export function recordState(
  data: ScenarioData,
  json: string,
  source: HistorySource,
): Promise<boolean> {
  return queued(async () => {
    try {
      const entry = makeEntry(data, json, thisTab(), Date.now(), source);
      const ok = await (await historyBackend()).add(entry);
      await refreshHistory();
      link?.post({ type: 'history', tab: entry.tab, time: entry.time, summary: entry.summary });
      return ok;
    } catch {
      return false;
    }
  });
}

/** Keeps a save that cannot be read now, exactly as it is; false when it could not be stored. */
export function keepUnreadable(json: string, reason: string): Promise<boolean> {
  return queued(async () => {
    try {
      const entry = makeKeptEntry(json, reason, thisTab(), Date.now());
      const ok = await (await historyBackend()).add(entry);
      await refreshHistory();
      return ok;
    } catch {
      return false;
    }
  });
}

/** "context-cost-scenario-2026-12-01-0932.json" for an entry. */
export function entryFileName(entry: HistoryEntry): string {
  const d = new Date(entry.time);
  const pad = (n: number) => String(n).padStart(2, '0');
  const stamp = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}-${pad(d.getHours())}${pad(d.getMinutes())}${pad(d.getSeconds())}`;
  return `context-cost-scenario-${stamp}.json`;
}

/** Downloads an entry's JSON exactly as it was kept. */
export function downloadEntry(entry: HistoryEntry): void {
  downloadBlob(new Blob([entry.json], { type: 'application/json' }), entryFileName(entry));
}

/** "10:32:05" (today) or "1 Dec, 10:32" (another day). */
export function entryTime(entry: HistoryEntry, now = Date.now()): string {
  const d = new Date(entry.time);
  const today = new Date(now).toDateString() === d.toDateString();
  return today
    ? d.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit' })
    : d.toLocaleString('en-GB', {
        day: 'numeric',
        month: 'short',
        hour: '2-digit',
        minute: '2-digit',
      });
}

/**
 * Restores an entry: the current state is recorded first and offered as an
 * undo, so restoring is itself undoable. False when the entry cannot be read.
 */
export function restoreEntry(entry: HistoryEntry): boolean {
  const { notify } = useShareStore.getState();
  if (entry.status !== 'ok') return false;
  const parsed = parseScenarioText(entry.json);
  if (!parsed.ok) {
    notify({
      kind: 'error',
      text: `This state cannot be opened: ${parsed.error}. It stays in History; download it to keep it.`,
    });
    return false;
  }
  const before = selectScenario(useAppStore.getState());
  void recordState(before, scenarioToJson(before), 'restore');
  useAppStore.getState().loadScenario(parsed.data);
  notify(
    { kind: 'info', text: `Restored the state of ${entryTime(entry)} (${entry.summary}).` },
    { label: 'Undo restore', data: before },
  );
  return true;
}
