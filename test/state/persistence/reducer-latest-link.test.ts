// The address bar holds the latest state: a link encoded before a change
// (its encoding still on its way, or waiting for an idle moment to be
// written) is not written over that change, and the change is written after
// it. With the report open, a title typed and then a note: the first address
// that holds the title holds the note too, so a link copied from the address
// bar after typing carries both. And a short link's rewrite, however long
// one took (the page busy at that moment), never holds back the next.
import { describe, expect, it } from 'vitest';
import {
  LONG_HASH_CHARS,
  SAVE_DEBOUNCE_MS,
  type PersistEffect,
  type PersistState,
} from '../../../src/state/persistence/types.ts';
import { running, step, types } from './reducer-fixtures.ts';

const TITLE_ONLY = '#s=title';
const TITLE_AND_NOTE = '#s=title-and-note';

const writes = (effects: readonly PersistEffect[]) =>
  effects.filter((e) => e.type === 'writeAddress' || e.type === 'writeAddressWhenIdle');

/** The report open, the title typed, and its link being encoded (seq 1). */
function titleBeingEncoded(from: Partial<PersistState> = {}) {
  const out = step(
    { ...running, reportOpen: true, lastScenarioHash: '#s=start', ...from },
    { type: 'edited', now: 0 },
    { type: 'saveDue' },
    { type: 'hashTimerFired' },
  );
  expect(out.effects).toContainEqual({ type: 'encodeHash', seq: 1 });
  return out.state;
}

describe('the address bar holds the latest state, with the report open', () => {
  it('a link encoded before the note was typed is not written; the note’s link is', () => {
    const typed = step(titleBeingEncoded(), { type: 'edited', now: 50 }, { type: 'saveDue' });
    const stale = step(typed.state, { type: 'hashEncoded', seq: 1, hash: TITLE_ONLY });
    expect(writes(stale.effects), 'the title-only link is not written').toEqual([]);

    // The note's own timer encodes the latest state and writes it, with #report.
    const timer = step(stale.state, { type: 'hashTimerFired' });
    expect(timer.effects).toContainEqual({ type: 'encodeHash', seq: 2 });
    const written = step(timer.state, { type: 'hashEncoded', seq: 2, hash: TITLE_AND_NOTE });
    expect(written.effects).toEqual([
      { type: 'writeAddress', address: `${TITLE_AND_NOTE}#report`, linkHash: TITLE_AND_NOTE },
    ]);
    expect(written.state.lastWrittenAddress).toBe(`${TITLE_AND_NOTE}#report`);
  });

  it('a link waiting for an idle moment is not written once the note is typed', () => {
    // After a slow rewrite the title's link waits for an idle moment…
    const encoded = step(titleBeingEncoded({ hashCostMs: 5 }), {
      type: 'hashEncoded',
      seq: 1,
      hash: TITLE_ONLY,
    });
    expect(encoded.effects).toEqual([{ type: 'writeAddressWhenIdle', seq: 1, hash: TITLE_ONLY }]);
    // …the note is typed before it comes…
    const typed = step(encoded.state, { type: 'edited', now: 50 }, { type: 'saveDue' });
    const idle = step(typed.state, { type: 'hashWriteDue', seq: 1, hash: TITLE_ONLY });
    expect(writes(idle.effects), 'the title-only link is not written').toEqual([]);

    // …and the note's link is written after it.
    const timer = step(idle.state, { type: 'hashTimerFired' });
    expect(types(timer.effects)).toContain('encodeHash');
    const encodedAgain = step(timer.state, { type: 'hashEncoded', seq: 2, hash: TITLE_AND_NOTE });
    const written = step(encodedAgain.state, {
      type: 'hashWriteDue',
      seq: 2,
      hash: TITLE_AND_NOTE,
    });
    expect(written.effects).toEqual([
      { type: 'writeAddress', address: `${TITLE_AND_NOTE}#report`, linkHash: TITLE_AND_NOTE },
    ]);
  });

  it('hiding the page meanwhile writes the latest state at once', () => {
    const typed = step(titleBeingEncoded(), { type: 'edited', now: 50 });
    const hidden = step(typed.state, { type: 'pageHidden' });
    expect(types(hidden.effects)).toEqual(
      expect.arrayContaining(['save', 'encodeHash'] as PersistEffect['type'][]),
    );
    expect(hidden.effects).toContainEqual({ type: 'encodeHash', seq: 2 });
    const stale = step(hidden.state, { type: 'hashEncoded', seq: 1, hash: TITLE_ONLY });
    expect(writes(stale.effects)).toEqual([]);
    const latest = step(stale.state, { type: 'hashEncoded', seq: 2, hash: TITLE_AND_NOTE });
    expect(writes(latest.effects)).toEqual([
      { type: 'writeAddress', address: `${TITLE_AND_NOTE}#report`, linkHash: TITLE_AND_NOTE },
    ]);
  });
});

describe('a short link’s rewrite never holds back the next', () => {
  it('one slow moment while writing a short link does not throttle the note for seconds', () => {
    // The title's short link took 170 ms to write (the page was busy then)…
    const titleWritten = step(
      { ...running, reportOpen: true, writeSeq: 1 },
      { type: 'hashEncoded', seq: 1, hash: TITLE_ONLY },
      { type: 'addressWritten', costMs: 170, linkHash: TITLE_ONLY },
    );
    expect(titleWritten.state.hashCostMs).toBe(0);
    // …and the note typed next is written after the usual 300 ms of quiet, at once.
    const typed = step(titleWritten.state, { type: 'edited', now: 0 }, { type: 'saveDue' });
    expect(typed.effects).toContainEqual({ type: 'setTimer', timer: 'hash', ms: SAVE_DEBOUNCE_MS });
    const timer = step(typed.state, { type: 'hashTimerFired' });
    const written = step(timer.state, { type: 'hashEncoded', seq: 2, hash: TITLE_AND_NOTE });
    expect(written.effects).toEqual([
      { type: 'writeAddress', address: `${TITLE_AND_NOTE}#report`, linkHash: TITLE_AND_NOTE },
    ]);
  });

  it('a long link’s rewrite cost still throttles the next', () => {
    const long = `#s=${'A'.repeat(LONG_HASH_CHARS)}`;
    const out = step(
      running,
      { type: 'addressWritten', costMs: 100, linkHash: long },
      { type: 'edited', now: 0 },
    );
    expect(out.effects).toContainEqual({ type: 'setTimer', timer: 'hash', ms: 5_000 });
  });
});
