import { describe, expect, it } from 'vitest';
import { MAX_HASH_CHARS } from '../../../src/core/limits.ts';
import {
  initialPersistState,
  OTHER_TAB_NOTE,
  reducePersistence,
  STORAGE_UNAVAILABLE,
} from '../../../src/state/persistence/reducer.ts';
import type {
  PersistEffect,
  PersistEvent,
  PersistState,
} from '../../../src/state/persistence/types.ts';
import { LONG_HASH_CHARS } from '../../../src/state/persistence/types.ts';
import { DEFAULT_SCENARIO } from '../../../src/model/scenario.ts';
import { running, step, types } from './reducer-fixtures.ts';

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

  it('a short link does not wait for a save still on its way', () => {
    const edited = step(running, { type: 'edited', now: 0 });
    const out = step(edited.state, { type: 'hashTimerFired' });
    expect(types(out.effects)).toEqual(['clearTimer', 'record', 'encodeHash']);
    expect(out.state.savePending, 'the save keeps its own pace').toBe(true);
    // Its rewrite is not this tab's own hash until the save holds it too.
    const written = step(out.state, { type: 'addressWritten', costMs: 1, linkHash: '#s=a' });
    expect(written.effects).toEqual([]);
  });

  it('a long link waits for a save still on its way, unless the page is hidden', () => {
    const long = { ...running, lastScenarioHash: `#s=${'A'.repeat(LONG_HASH_CHARS)}` };
    const edited = step(long, { type: 'edited', now: 0 });
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

  const longLink = `#s=${'A'.repeat(LONG_HASH_CHARS)}`;
  it.each<[string, boolean, PersistEffect[]]>([
    ['a written link is this tab’s', true, [{ type: 'rememberOwnHash', hash: longLink }]],
    ['unless its session save failed', false, []],
  ])('%s', (_name, tabSaved, effects) => {
    const out = step(
      { ...running, tabSaved },
      { type: 'addressWritten', costMs: 7, linkHash: longLink },
    );
    expect(out.effects).toEqual(effects);
    expect(out.state.hashCostMs, 'a long link’s rewrite cost is kept').toBe(7);
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
