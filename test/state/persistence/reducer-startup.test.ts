import { describe, expect, it } from 'vitest';
import { hashDigest, parseScenarioText, scenarioToJson } from '../../../src/state/persistence.ts';
import { initialPersistState, MODULE_UNAVAILABLE } from '../../../src/state/persistence/reducer.ts';
import type {
  PersistEffect,
  PersistState,
  StartupSlots,
} from '../../../src/state/persistence/types.ts';
import type { ScenarioData } from '../../../src/model/scenario.ts';
import { running, saved, slot, step, types, withOutput } from './reducer-fixtures.ts';

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
