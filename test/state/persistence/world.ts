/**
 * A browser in memory for the persistence reducer: tabs (pages) sharing a
 * local storage, a history and a broadcast channel, each with its own
 * session storage, address bar and scenario on screen. Time is simulated:
 * answers that the browser would give later (a loaded module, an encoded
 * link, a stored history entry, a message from another tab) wait in a queue,
 * and timers, painted frames and idle moments fire in order when `settle()`
 * lets time pass. The reducer decides everything; the world only carries
 * out its effects, as the runner's adapters do in the browser.
 */
import {
  addEntry,
  makeEntry,
  makeKeptEntry,
  type HistoryBounds,
  type HistoryEntry,
} from '../../../src/state/history/model.ts';
import {
  parseScenarioText,
  readOwnHashes,
  readStoredString,
  rememberOwnHash,
  scenarioToJson,
  STORAGE_KEY,
  type ScenarioParse,
} from '../../../src/state/persistence.ts';
import { initialPersistState, reducePersistence } from '../../../src/state/persistence/reducer.ts';
import type {
  PersistEffect,
  PersistEvent,
  PersistNotice,
  PersistState,
  Slot,
} from '../../../src/state/persistence/types.ts';
import { readTabState, writeTabState } from '../../../src/state/tab-session.ts';
import { DEFAULT_SCENARIO, type ScenarioData } from '../../../src/model/scenario.ts';

/** A Storage in memory that refuses writes while `full`. */
export class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  full = false;
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(i: number) {
    return [...this.items.keys()][i] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    if (this.full) throw new DOMException('full', 'QuotaExceededError');
    this.items.set(key, value);
  }
  /** Writes as another program would, whatever room this page has left. */
  force(key: string, value: string) {
    this.items.set(key, value);
  }
}

export const withOutput = (outputTokens: number): ScenarioData => ({
  ...DEFAULT_SCENARIO,
  gate: { ...DEFAULT_SCENARIO.gate, outputTokens },
});

/** The link the world writes for a scenario (a hand-made `#json=` link: no compression needed here). */
export const linkFor = (data: ScenarioData) => `#json=${encodeURIComponent(scenarioToJson(data))}`;

function decodeLink(hash: string): ScenarioParse {
  if (!hash.startsWith('#json=')) return { ok: false, error: 'link: not a link this world writes' };
  return parseScenarioText(decodeURIComponent(hash.slice('#json='.length)));
}

function readSlot(text: string | null): Slot {
  return text === null ? null : { raw: text, parsed: parseScenarioText(text) };
}

interface Timer {
  readonly at: number;
  readonly order: number;
  readonly page: Page;
  readonly run: () => void;
  readonly name?: 'save' | 'hash';
}

export class World {
  now = 0;
  readonly local = new MemoryStorage();
  history: HistoryEntry[] = [];
  /** Saves another program wrote that this app cannot read (see `overwriteShared`). */
  readonly unreadable = new Set<string>();
  /** Each time a page overwrote such a save before the history held it: work lost. */
  readonly lost: string[] = [];
  readonly pages: Page[] = [];
  private entryTime = 0;
  private order = 0;
  private timers: Timer[] = [];
  private later: (() => void)[] = [];

  constructor(readonly bounds: HistoryBounds) {}

  /** Opens a page of tab `tab` (a reload passes the tab's session and address on). */
  open(tab: string, session = new MemoryStorage(), address = ''): Page {
    const page = new Page(this, tab, session, address);
    this.pages.push(page);
    page.start();
    return page;
  }

  /** Something the browser answers later (a promise, a message). */
  soon(task: () => void): void {
    this.later.push(task);
  }

  /** Gives `page` the event after `ms` (a named timer replaces the page's timer of that name). */
  at(page: Page, ms: number, event: PersistEvent, name?: 'save' | 'hash'): void {
    if (name !== undefined) this.cancel(page, name);
    this.after(page, ms, () => page.dispatch(event), name);
  }

  /** Runs `run` after `ms`, unless `page` is gone by then. */
  after(page: Page, ms: number, run: () => void, name?: 'save' | 'hash'): void {
    this.timers.push({ at: this.now + ms, order: this.order++, page, run, ...(name && { name }) });
  }

  cancel(page: Page, name: 'save' | 'hash'): void {
    this.timers = this.timers.filter((t) => !(t.page === page && t.name === name));
  }

  /** Lets time pass until nothing is left to happen: a quiet moment. */
  settle(): void {
    for (let guard = 0; guard < 10_000; guard++) {
      const task = this.later.shift();
      if (task !== undefined) {
        task();
        continue;
      }
      const live = this.timers.filter((t) => !t.page.closed);
      if (live.length === 0) return;
      const next = live.reduce((a, b) =>
        b.at < a.at || (b.at === a.at && b.order < a.order) ? b : a,
      );
      this.timers = this.timers.filter((t) => t !== next);
      this.now = Math.max(this.now, next.at);
      next.run();
    }
    throw new Error('the world never settles');
  }

  /** Another program (a newer version of the app) writes the shared save. */
  overwriteShared(text: string): void {
    this.local.force(STORAGE_KEY, text);
    this.unreadable.add(text);
  }

  /** A page is about to write the shared save: what it holds must be safe first. */
  beforeSharedWrite(): void {
    const current = this.local.getItem(STORAGE_KEY);
    if (current === null || !this.unreadable.has(current)) return;
    if (!this.history.some((e) => e.status === 'kept' && e.json === current))
      this.lost.push(current);
  }

  record(entry: HistoryEntry): void {
    this.history = addEntry(this.history, entry, this.bounds);
  }

  nextEntryTime(): number {
    return ++this.entryTime;
  }
}

export class Page {
  state: PersistState = initialPersistState;
  closed = false;
  readonly notices: PersistNotice[] = [];
  tabNote: string | null = null;
  /** The scenario on screen (the store). */
  shown: ScenarioData = DEFAULT_SCENARIO;
  private queue: PersistEvent[] = [];
  private draining = false;

  constructor(
    private readonly world: World,
    readonly tab: string,
    readonly session: MemoryStorage,
    public address: string,
  ) {}

  start(): void {
    const restoreOnStart =
      /^#(?:s|json)=/.test(this.address) ||
      readTabState(this.session) !== null ||
      this.world.local.getItem(STORAGE_KEY) !== null;
    this.dispatch({ type: 'started', restoreOnStart, address: this.address, reportOpen: false });
  }

  /** The user changes the scenario. */
  edit(data: ScenarioData): void {
    this.show(data);
  }

  /** The user pastes a link into the address bar. */
  paste(hash: string): void {
    this.address = hash;
    this.dispatch({ type: 'addressChanged', address: hash });
  }

  /** History's Restore: the current state is recorded first, then the entry is loaded. */
  restoreEntry(entry: HistoryEntry): void {
    const parsed = parseScenarioText(entry.json);
    if (!parsed.ok) return;
    const json = scenarioToJson(this.shown);
    this.world.record(makeEntry(this.shown, json, this.tab, this.world.nextEntryTime(), 'restore'));
    this.show(parsed.data);
  }

  /** The page is hidden and left (a reload); gives the next page of the tab. */
  reload(): Page {
    this.dispatch({ type: 'pageHidden' });
    this.dispatch({ type: 'stopped' });
    this.closed = true;
    return this.world.open(this.tab, this.session, this.address);
  }

  dispatch(event: PersistEvent): void {
    this.queue.push(event);
    if (this.draining) return;
    this.draining = true;
    try {
      for (let next = this.queue.shift(); next !== undefined; next = this.queue.shift()) {
        const step = reducePersistence(this.state, next);
        this.state = step.state;
        for (const effect of step.effects) this.run(effect);
      }
    } finally {
      this.draining = false;
    }
  }

  private show(data: ScenarioData): void {
    if (data === this.shown) return;
    this.shown = data;
    this.dispatch({ type: 'edited', now: this.world.now });
  }

  private run(effect: PersistEffect): void {
    const world = this.world;
    switch (effect.type) {
      case 'loadModule':
        return world.soon(() => this.dispatch({ type: 'moduleLoaded', now: world.now }));
      case 'readSlots':
        return this.dispatch({
          type: 'slotsRead',
          slots: {
            pinned: null,
            saved: readSlot(readStoredString(world.local, STORAGE_KEY)),
            own: readSlot(readTabState(this.session)),
            address: this.address,
            ownHashes: readOwnHashes(this.session),
          },
          now: world.now,
        });
      case 'setTimer':
        return world.at(
          this,
          effect.ms,
          { type: effect.timer === 'save' ? 'saveTimerFired' : 'hashTimerFired' },
          effect.timer,
        );
      case 'clearTimer':
        return world.cancel(this, effect.timer);
      case 'saveAfterPaint':
        return world.at(this, 16, { type: 'saveDue' });
      case 'saveWhenIdle':
        return world.at(this, 1, { type: 'saveDue' });
      case 'save': {
        const json = scenarioToJson(this.shown);
        const tabSaved = writeTabState(this.session, json);
        let shared = false;
        if (effect.shared) {
          world.beforeSharedWrite();
          try {
            world.local.setItem(STORAGE_KEY, json);
            shared = true;
          } catch {
            shared = false;
          }
        }
        return this.dispatch({
          type: 'saveDone',
          tabSaved,
          shared,
          address: this.address,
          costMs: 1,
          finishedAt: world.now + 1,
        });
      }
      case 'rememberOwnHash':
        return rememberOwnHash(this.session, effect.hash);
      case 'writePinned':
      case 'setReportOpen':
      case 'refreshHistory':
        return;
      case 'encodeHash': {
        const hash = linkFor(this.shown);
        return world.soon(() => this.dispatch({ type: 'hashEncoded', seq: effect.seq, hash }));
      }
      case 'writeAddressWhenIdle':
        return world.at(this, 1, { type: 'hashWriteDue', seq: effect.seq, hash: effect.hash });
      case 'writeAddress':
        this.address = effect.address;
        if (effect.linkHash !== null)
          this.dispatch({ type: 'addressWritten', costMs: 1, linkHash: effect.linkHash });
        return;
      case 'decodeLink': {
        const previous = effect.onStartup ? effect.previousWork : this.shown;
        const parsed = decodeLink(effect.hash);
        const { onStartup } = effect;
        return world.soon(() =>
          this.dispatch({ type: 'linkDecoded', parsed, onStartup, previous }),
        );
      }
      case 'load':
        return this.show(effect.data);
      case 'setPinned':
        return;
      case 'record': {
        const json = scenarioToJson(this.shown);
        const data = this.shown;
        return this.dispatch({
          type: 'recordReady',
          source: effect.source,
          data,
          json,
          fits: true,
        });
      }
      case 'appendHistory':
        return world.record(
          makeEntry(effect.data, effect.json, this.tab, world.nextEntryTime(), effect.source),
        );
      case 'keepInHistory': {
        const json = scenarioToJson(effect.data);
        return world.record(makeEntry(effect.data, json, this.tab, world.nextEntryTime(), 'saved'));
      }
      case 'keepUnreadable': {
        // IndexedDB takes its time: a save may come first.
        const { raw, error, shared } = effect;
        world.after(this, 50, () => {
          world.record(makeKeptEntry(raw, error, this.tab, world.nextEntryTime()));
          this.dispatch({ type: 'keptUnreadable', ok: true, shared });
        });
        return;
      }
      case 'broadcastSaved':
        for (const other of world.pages) {
          if (other === this || other.closed || other.tab === this.tab) continue;
          world.soon(() =>
            other.dispatch({
              type: 'otherTab',
              message: { type: 'saved', tab: this.tab, time: world.now },
            }),
          );
        }
        return;
      case 'notify':
        this.notices.push(effect.notice);
        return;
      case 'setTabNote':
        this.tabNote = effect.text;
        return;
    }
  }
}
