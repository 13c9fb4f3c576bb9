import { describe, expect, it } from 'vitest';
import {
  createLocalSaves,
  PINNED_KEY,
} from '../../../../src/features/share/persistence/local-saves.ts';
import { hashDigest, scenarioToJson, STORAGE_KEY } from '../../../../src/state/persistence.ts';
import { TAB_STATE_KEY } from '../../../../src/state/tab-session.ts';
import { DEFAULT_SCENARIO } from '../../../../src/model/scenario.ts';

/** A Storage in memory that can be made to refuse writes (full) or every call (disabled). */
class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  full = false;
  disabled = false;
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    if (this.disabled) throw new DOMException('denied', 'SecurityError');
    return this.items.get(key) ?? null;
  }
  key(i: number) {
    return [...this.items.keys()][i] ?? null;
  }
  removeItem(key: string) {
    if (this.disabled) throw new DOMException('denied', 'SecurityError');
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    if (this.disabled || this.full) throw new DOMException('full', 'QuotaExceededError');
    this.items.set(key, value);
  }
}

const json = scenarioToJson(DEFAULT_SCENARIO);

describe('the local saves', () => {
  it('write this tab’s session and the shared save', () => {
    const local = new MemoryStorage();
    const session = new MemoryStorage();
    const saves = createLocalSaves({ local, session });
    expect(saves.write(json, true)).toEqual({ tabSaved: true, shared: true });
    expect(session.getItem(TAB_STATE_KEY)).toBe(json);
    expect(local.getItem(STORAGE_KEY)).toBe(json);
  });

  it('leave a held shared save alone', () => {
    const local = new MemoryStorage();
    local.setItem(STORAGE_KEY, '{"v":2}');
    const saves = createLocalSaves({ local, session: new MemoryStorage() });
    expect(saves.write(json, false)).toEqual({ tabSaved: true, shared: false });
    expect(local.getItem(STORAGE_KEY)).toBe('{"v":2}');
  });

  it.each<[string, boolean, boolean, { tabSaved: boolean; shared: boolean }]>([
    [
      'local storage full: this tab’s session still saves',
      true,
      false,
      { tabSaved: true, shared: false },
    ],
    [
      'session storage full: the shared save still saves',
      false,
      true,
      { tabSaved: false, shared: true },
    ],
    ['both full', true, true, { tabSaved: false, shared: false }],
  ])('%s', (_name, localFull, sessionFull, result) => {
    const local = new MemoryStorage();
    const session = new MemoryStorage();
    session.setItem(TAB_STATE_KEY, 'stale');
    local.full = localFull;
    session.full = sessionFull;
    expect(createLocalSaves({ local, session }).write(json, true)).toEqual(result);
    // A stale state never outlives a failed write: a reload would show it.
    expect(session.getItem(TAB_STATE_KEY)).toBe(sessionFull ? null : json);
  });

  it('read every slot, a damaged one with its reason, an absent one as null', () => {
    const local = new MemoryStorage();
    const session = new MemoryStorage();
    local.setItem(STORAGE_KEY, json);
    local.setItem(PINNED_KEY, '{"v":2}');
    const saves = createLocalSaves({ local, session });
    saves.rememberOwnHash('#s=abc');
    saves.rememberOwnHash('#about');
    const slots = saves.readSlots();
    expect(slots.saved).toEqual({ raw: json, parsed: { ok: true, data: DEFAULT_SCENARIO } });
    expect(slots.pinned?.parsed.ok).toBe(false);
    expect(slots.pinned?.parsed.ok === false && slots.pinned.parsed.error).toMatch(/newer version/);
    expect(slots.own).toBeNull();
    expect(slots.ownHashes).toEqual([hashDigest('#s=abc')]);
  });

  it('never throw where storage is disabled or missing', () => {
    const local = new MemoryStorage();
    const session = new MemoryStorage();
    local.disabled = true;
    session.disabled = true;
    for (const saves of [
      createLocalSaves({ local, session }),
      createLocalSaves({ local: null, session: null }),
    ]) {
      expect(saves.write(json, true)).toEqual({ tabSaved: false, shared: false });
      expect(saves.readSlots()).toEqual({ pinned: null, saved: null, own: null, ownHashes: [] });
      expect(() => saves.rememberOwnHash('#s=a')).not.toThrow();
      expect(() => saves.writePinned(json)).not.toThrow();
    }
  });

  it('write pinned A, and remove it', () => {
    const local = new MemoryStorage();
    const saves = createLocalSaves({ local, session: null });
    saves.writePinned(json);
    expect(local.getItem(PINNED_KEY)).toBe(json);
    saves.writePinned(null);
    expect(local.getItem(PINNED_KEY)).toBeNull();
  });
});
