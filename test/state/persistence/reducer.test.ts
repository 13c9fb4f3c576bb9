import { describe, expect, it } from 'vitest';
import { MAX_HASH_CHARS } from '../../../src/core/limits.ts';
import { hashDigest, parseScenarioText, scenarioToJson } from '../../../src/state/persistence.ts';
import {
  initialPersistState,
  MODULE_UNAVAILABLE,
  OTHER_TAB_NOTE,
  reduceAll,
  reducePersistence,
  STORAGE_UNAVAILABLE,
} from '../../../src/state/persistence/reducer.ts';
import type {
  PersistEffect,
  PersistEvent,
  PersistState,
  Slot,
  StartupSlots,
} from '../../../src/state/persistence/types.ts';
import { DEFAULT_SCENARIO, type ScenarioData } from '../../../src/state/store.ts';

const withOutput = (outputTokens: number): ScenarioData => ({
  ...DEFAULT_SCENARIO,
  gate: { ...DEFAULT_SCENARIO.gate, outputTokens },
});
const slot = (raw: string): Slot => ({ raw, parsed: parseScenarioText(raw) });
const saved = (tokens: number) => slot(scenarioToJson(withOutput(tokens)));

/** A page whose persistence module is loaded and which has nothing pending. */
const running: PersistState = { ...initialPersistState, started: true, loaded: true };

const types = (effects: readonly PersistEffect[]) => effects.map((e) => e.type);
const step = (state: PersistState, ...events: PersistEvent[]) => reduceAll(state, events);

describe('startup', () => {
  it.each<[string, boolean, string, string[]]>([
    ['a first visit waits for the first change', false, '', []],
    ['a page with work to restore loads the module at once', true, '#s=abc', ['loadModule']],
    ['#report opens the report', false, '#report', ['setReportOpen']],
    ['a link with #report', true, '#s=abc#report', ['setReportOpen', 'loadModule']],
  ])('%s', (_name, restoreOnStart, address, effects) => {
    const out = step(initialPersistState, {
      type: 'started',
      restoreOnStart,
      address,
      reportOpen: false,
    });
    expect(types(out.effects)).toEqual(effects);
    expect(out.state.lastScenarioHash).toBe(address.replace('#report', ''));
  });

  it('a page with nothing to restore records what it shows and saves what changed meanwhile', () => {
    const out = step(
      initialPersistState,
      { type: 'started', restoreOnStart: false, address: '', reportOpen: false },
      { type: 'edited', now: 0 },
      { type: 'moduleLoaded', now: 1 },
    );
    expect(types(out.effects)).toEqual([
      'loadModule',
      'saveAfterPaint',
      'clearTimer',
      'setTimer',
      'record',
      'saveAfterPaint',
      'clearTimer',
      'setTimer',
    ]);
    expect(out.effects).toContainEqual({ type: 'record', source: 'startup' });
  });

  it('a module that fails to load says so, and may be asked for again', () => {
    const out = step(
      initialPersistState,
      { type: 'started', restoreOnStart: true, address: '', reportOpen: false },
      { type: 'moduleFailed' },
    );
    expect(out.effects).toContainEqual({
      type: 'notify',
      notice: { kind: 'error', text: MODULE_UNAVAILABLE },
      undo: null,
    });
    expect(out.state.started).toBe(false);
  });
});

describe('restoring', () => {
  const restoring: PersistState = { ...running, restoreOnStart: true };
  const read = (slots: Partial<StartupSlots>) =>
    step(restoring, {
      type: 'slotsRead',
      slots: { pinned: null, saved: null, own: null, address: '', ownHashes: [], ...slots },
      now: 0,
    });

  it.each<[string, Partial<StartupSlots>, number | null]>([
    ['nothing saved: the defaults', {}, null],
    ['the shared save', { saved: saved(111) }, 111],
    ['this tab’s own state before the shared save', { saved: saved(111), own: saved(222) }, 222],
    ['a corrupt shared save: the defaults', { saved: slot('{"v":1,"gate":{"x":') }, null],
    [
      'the save over a hash this tab wrote itself',
      { saved: saved(777), address: '#s=stale', ownHashes: [hashDigest('#s=stale')] },
      777,
    ],
  ])('%s', (_name, slots, tokens) => {
    const out = read(slots);
    const load = out.effects.find((e) => e.type === 'load');
    expect(load === undefined ? null : load.data.gate.outputTokens).toBe(tokens);
    expect(out.effects).toContainEqual({ type: 'record', source: 'startup' });
  });

  it('keeps another tab’s newer shared save one click away', () => {
    const out = read({ saved: saved(111), own: saved(222) });
    const kept = out.effects.find((e) => e.type === 'keepInHistory');
    expect(kept?.data.gate.outputTokens).toBe(111);
  });

  it('opens a link from elsewhere over the saved work, which it hands on', () => {
    const out = read({ saved: saved(111), address: '#s=from-elsewhere#report' });
    expect(types(out.effects)).toEqual(['decodeLink']);
    const decode = out.effects[0] as Extract<PersistEffect, { type: 'decodeLink' }>;
    expect(decode.hash).toBe('#s=from-elsewhere');
    expect(decode.onStartup).toBe(true);
    expect(decode.previousWork?.gate.outputTokens).toBe(111);
  });

  it('holds a newer version’s shared save until the history has kept it', () => {
    const newer = '{"v":2,"gate":{"outputTokens":5}}';
    const out = read({ saved: slot(newer) });
    expect(out.effects).toContainEqual(
      expect.objectContaining({ type: 'keepUnreadable', raw: newer, shared: true }),
    );
    expect(out.effects).toContainEqual(
      expect.objectContaining({
        type: 'notify',
        notice: expect.objectContaining({ text: expect.stringContaining('newer version') }),
      }),
    );
    expect(out.state.sharedSaveHeld).toBe(true);
    // While held, a save writes this tab's session only, and warns of nothing.
    const held = step(
      out.state,
      { type: 'edited', now: 0 },
      { type: 'saveDue' },
      { type: 'saveDone', tabSaved: true, shared: false, address: '', costMs: 1, finishedAt: 1 },
    );
    expect(held.effects).toContainEqual({ type: 'save', shared: false });
    expect(types(held.effects)).not.toContain('notify');
    // A copy that could not be stored keeps it held; a stored one frees it.
    const failed = step(held.state, { type: 'keptUnreadable', ok: false, shared: true });
    expect(failed.state.sharedSaveHeld).toBe(true);
    const stored = step(held.state, { type: 'keptUnreadable', ok: true, shared: true });
    expect(stored.state.sharedSaveHeld).toBe(false);
    expect(
      step(stored.state, { type: 'edited', now: 0 }, { type: 'saveDue' }).effects,
    ).toContainEqual({ type: 'save', shared: true });
  });

  it('restores pinned A, and keeps one that cannot be read', () => {
    expect(read({ pinned: saved(5) }).effects[0]).toEqual(
      expect.objectContaining({ type: 'setPinned' }),
    );
    const bad = read({ pinned: slot('{"v":9}') });
    expect(bad.effects[0]).toEqual(
      expect.objectContaining({ type: 'keepUnreadable', shared: false }),
    );
    expect(bad.state.sharedSaveHeld).toBe(false);
  });
});

describe('links', () => {
  const ok = parseScenarioText(scenarioToJson(withOutput(9)));
  const bad = { ok: false as const, error: 'gate.horizon: must be 0 or more turns' };

  it.each<[string, boolean, ScenarioData | null, boolean, string]>([
    ['opened on a fresh page', true, null, true, 'Opened the scenario from the link.'],
    [
      'opened over saved work',
      true,
      withOutput(4),
      true,
      'Opened the scenario from the link. Your previous work is kept in History.',
    ],
    [
      'broken, on a fresh page',
      true,
      null,
      false,
      `This link could not be opened: ${bad.error}. Showing the defaults instead.`,
    ],
    [
      'broken, over saved work',
      true,
      withOutput(4),
      false,
      `This link could not be opened: ${bad.error}. Showing your last saved work instead.`,
    ],
    [
      'broken, pasted while working',
      false,
      withOutput(4),
      false,
      `This link could not be opened: ${bad.error}. Your current work is kept.`,
    ],
  ])('%s', (_name, onStartup, previous, good, text) => {
    const out = step(running, {
      type: 'linkDecoded',
      parsed: good ? ok : bad,
      onStartup,
      previous,
    });
    const notice = out.effects.find((e) => e.type === 'notify');
    expect(notice?.notice.text).toBe(text);
    const loads = out.effects.filter((e) => e.type === 'load').map((e) => e.data);
    if (good) {
      expect(loads).toEqual([ok.ok && ok.data]);
      expect(out.effects).toContainEqual({ type: 'record', source: 'link' });
      // The work a link replaces goes to the history first, and is offered back.
      if (previous !== null) {
        expect(types(out.effects).slice(0, 2)).toEqual(['keepInHistory', 'load']);
        expect(notice?.undo).toEqual({ label: 'Restore my previous work', data: previous });
      }
    } else {
      expect(loads).toEqual(onStartup && previous !== null ? [previous] : []);
    }
  });

  it.each<[string, Partial<PersistState>, string, string[]]>([
    ['its own rewrite is ignored', { lastWrittenAddress: '#s=mine' }, '#s=mine', []],
    ['the same scenario is not opened again', { lastScenarioHash: '#s=a' }, '#s=a', []],
    ['an address without a scenario is not a link', {}, '#about', []],
    ['a pasted link is opened', {}, '#s=new', ['decodeLink']],
    [
      '#report added opens the report',
      { lastScenarioHash: '#s=a' },
      '#s=a#report',
      ['setReportOpen'],
    ],
  ])('the address bar: %s', (_name, from, address, effects) => {
    const out = step({ ...running, ...from }, { type: 'addressChanged', address });
    expect(types(out.effects)).toEqual(effects);
  });
});

describe('saving', () => {
  it.each<[string, Partial<PersistState>, number, string[]]>([
    ['after the frame that shows the change', {}, 0, ['saveAfterPaint']],
    ['in idle steps after a slow save', { lastSaveCostMs: 20 }, 0, ['saveWhenIdle']],
    ['throttled after a slow save', { nextSaveAt: 500 }, 100, ['setTimer']],
    ['with one throttle timer only', { nextSaveAt: 500, saveTimerArmed: true }, 100, []],
  ])('local storage: %s', (_name, from, now, saveEffects) => {
    const out = step({ ...running, ...from }, { type: 'edited', now });
    // Everything but the address bar's timer (always reset: clearTimer, setTimer).
    expect(types(out.effects.slice(0, -2))).toEqual(saveEffects);
    if (saveEffects[0] === 'setTimer') expect(out.effects[0]).toMatchObject({ ms: 400 });
    expect(out.state.savePending).toBe(true);
  });

  it.each<[string, number, number]>([
    ['after 300 ms of quiet', 0, 300],
    ['after 50 × the cost of a slow rewrite', 20, 1_000],
  ])('the address bar: %s', (_name, hashCostMs, ms) => {
    const out = step({ ...running, hashCostMs }, { type: 'edited', now: 0 });
    expect(out.effects.slice(-2)).toEqual([
      { type: 'clearTimer', timer: 'hash' },
      { type: 'setTimer', timer: 'hash', ms },
    ]);
  });

  it('the address bar waits for a save still on its way, unless the page is hidden', () => {
    const edited = step(running, { type: 'edited', now: 0 });
    const waiting = step(edited.state, { type: 'hashTimerFired' });
    expect(waiting.effects).toContainEqual({ type: 'setTimer', timer: 'hash', ms: 300 });
    expect(types(waiting.effects)).not.toContain('encodeHash');
    const hidden = step(edited.state, { type: 'pageHidden' });
    expect(types(hidden.effects)).toEqual(['save', 'clearTimer', 'record', 'encodeHash']);
    expect(hidden.state).toMatchObject({ savePending: false, hashPending: false, writeSeq: 1 });
  });

  it.each<[string, Partial<PersistState>, boolean, boolean, string[]]>([
    ['a written save tells the other tabs', {}, true, true, ['broadcastSaved', 'rememberOwnHash']],
    ['a refused one warns once', {}, true, false, ['notify', 'rememberOwnHash']],
    ['…and only once', { warnedStorage: true }, true, false, ['rememberOwnHash']],
    [
      'a hash is this tab’s only when its session holds its work',
      {},
      false,
      true,
      ['broadcastSaved'],
    ],
  ])('%s', (_name, from, tabSaved, shared, effects) => {
    const out = step(
      { ...running, ...from },
      { type: 'saveDone', tabSaved, shared, address: '#s=x#report', costMs: 2, finishedAt: 10 },
    );
    expect(types(out.effects)).toEqual(effects);
    if (effects.includes('notify'))
      expect(out.effects[0]).toMatchObject({ notice: { text: STORAGE_UNAVAILABLE } });
    if (effects.includes('rememberOwnHash'))
      expect(out.effects).toContainEqual({ type: 'rememberOwnHash', hash: '#s=x' });
    expect(out.state).toMatchObject({ tabSaved, lastSaveCostMs: 2, nextSaveAt: 110 });
  });

  it('a save before the module is here remembers its hash once it is', () => {
    const early = { ...initialPersistState, started: true };
    const out = step(
      early,
      { type: 'saveDone', tabSaved: true, shared: true, address: '#s=x', costMs: 1, finishedAt: 1 },
      { type: 'moduleLoaded', now: 2 },
    );
    expect(out.effects).toContainEqual({ type: 'rememberOwnHash', hash: '#s=x' });
  });

  it.each<[string, Partial<PersistState>, number, string, PersistEffect[]]>([
    ['an answer for an older encoding is dropped', { writeSeq: 2 }, 1, '#s=a', []],
    [
      'a short link is written at once, with #report when open',
      { writeSeq: 1, reportOpen: true },
      1,
      '#s=a',
      [{ type: 'writeAddress', address: '#s=a#report', linkHash: '#s=a' }],
    ],
    [
      'after a slow rewrite, the next waits for an idle moment',
      { writeSeq: 1, hashCostMs: 5 },
      1,
      '#s=a',
      [{ type: 'writeAddressWhenIdle', seq: 1, hash: '#s=a' }],
    ],
    [
      'a link too long to open is not written',
      { writeSeq: 1 },
      1,
      `#s=${'A'.repeat(MAX_HASH_CHARS)}`,
      [{ type: 'writeAddress', address: '', linkHash: '' }],
    ],
  ])('the address bar: %s', (_name, from, seq, hash, effects) => {
    expect(step({ ...running, ...from }, { type: 'hashEncoded', seq, hash }).effects).toEqual(
      effects,
    );
  });

  it.each<[string, boolean, PersistEffect[]]>([
    ['a written link is this tab’s', true, [{ type: 'rememberOwnHash', hash: '#s=a' }]],
    ['unless its session save failed', false, []],
  ])('%s', (_name, tabSaved, effects) => {
    const out = step(
      { ...running, tabSaved },
      { type: 'addressWritten', costMs: 7, linkHash: '#s=a' },
    );
    expect(out.effects).toEqual(effects);
    expect(out.state.hashCostMs).toBe(7);
  });

  it('a page being left saves everything, and nothing after', () => {
    const out = step(running, { type: 'edited', now: 0 }, { type: 'stopped' });
    expect(types(out.effects)).toContain('save');
    expect(types(out.effects)).toContain('encodeHash');
    const late = step(out.state, { type: 'hashEncoded', seq: 1, hash: '#s=a' });
    expect(late.effects).toEqual([]);
  });
});

describe('the history', () => {
  const ready = (json: string, fits = true): PersistEvent => ({
    type: 'recordReady',
    source: 'edit',
    data: DEFAULT_SCENARIO,
    json,
    fits,
  });

  it.each<[string, PersistEvent[], number]>([
    ['each state once', [ready('a'), ready('a')], 1],
    ['a state again after another', [ready('a'), ready('b'), ready('a')], 3],
    ['never a state a reload could not read', [ready('a', false)], 0],
  ])('records %s', (_name, events, appended) => {
    const out = step(running, ...events);
    expect(types(out.effects).filter((t) => t === 'appendHistory')).toHaveLength(appended);
  });
});

describe('pinned A, the report and the other tabs', () => {
  it.each<[string, PersistState, string[]]>([
    ['pinning before the module is here asks for it', initialPersistState, ['loadModule']],
    ['pinning once it is here writes it', running, ['writePinned']],
  ])('%s', (_name, from, effects) => {
    expect(types(step(from, { type: 'pinChanged' }).effects)).toEqual(effects);
  });

  it.each<[string, boolean, string, PersistEffect[]]>([
    [
      'opening the report adds #report',
      true,
      '#s=a',
      [{ type: 'writeAddress', address: '#s=a#report', linkHash: null }],
    ],
    [
      'closing it takes it away',
      false,
      '#s=a#report',
      [{ type: 'writeAddress', address: '#s=a', linkHash: null }],
    ],
    ['an address that already says so is left', true, '#s=a#report', []],
  ])('%s', (_name, open, address, effects) => {
    const out = step(running, { type: 'reportToggled', open, address });
    expect(out.effects).toEqual(effects);
    expect(out.state.reportOpen).toBe(open);
  });

  it.each<[string, 'saved' | 'history', boolean, PersistEffect[]]>([
    [
      'a save is noted',
      'saved',
      false,
      [{ type: 'refreshHistory' }, { type: 'setTabNote', text: OTHER_TAB_NOTE }],
    ],
    ['a history entry refreshes the list', 'history', false, [{ type: 'refreshHistory' }]],
    ['nothing is heard once stopped', 'saved', true, []],
  ])('another tab: %s', (_name, kind, stopped, effects) => {
    const out = reducePersistence(
      { ...running, stopped },
      { type: 'otherTab', message: { type: kind, tab: 'other', time: 1 } },
    );
    expect(out.effects).toEqual(effects);
  });
});
