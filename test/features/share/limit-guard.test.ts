import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createLimitGuard } from '../../../src/features/share/limit-guard.ts';
import { SAVED_VERSION, slicesOf } from '../../../src/features/share/persistence-helpers.ts';
import { versionedScenarioJson } from '../../../src/state/scenario-json.ts';
import { DEFAULT_SCENARIO } from '../../../src/model/scenario.ts';
import { useAppStore } from '../../../src/state/store.ts';
import { resetEverything } from './helpers.tsx';

describe('the limit guard, prepared ahead of a save', () => {
  beforeEach(() => resetEverything());

  it('gives the same answer after prepare as without it, and changes nothing itself', () => {
    const notify = vi.fn();
    const guard = createLimitGuard(notify);
    useAppStore.setState({ gate: { ...DEFAULT_SCENARIO.gate, outputTokens: 54_321 } });
    const before = useAppStore.getState();
    guard.prepare(before, 'check');
    guard.prepare(before, 'json');
    expect(useAppStore.getState()).toBe(before);
    expect(notify).not.toHaveBeenCalled();
    const result = guard.enforce(useAppStore.getState());
    expect(result).toEqual({
      ok: true,
      json: versionedScenarioJson(SAVED_VERSION, slicesOf(useAppStore.getState())),
    });
    expect(JSON.parse((result as { json: string }).json).gate.outputTokens).toBe(54_321);
  });

  it('leaves a change beyond the limits to enforce, which still refuses it', () => {
    const notify = vi.fn();
    const guard = createLimitGuard(notify);
    const good = useAppStore.getState().gate;
    useAppStore.setState({ gate: { ...good, horizon: -1 } });
    const bad = useAppStore.getState();
    guard.prepare(bad, 'check');
    guard.prepare(bad, 'json');
    expect(useAppStore.getState()).toBe(bad);
    expect(notify).not.toHaveBeenCalled();
    expect(guard.enforce(useAppStore.getState())).toEqual({ ok: false });
    expect(notify).toHaveBeenCalledOnce();
    expect(notify.mock.calls[0]![0].text).toMatch(/^This change was not kept: /);
    expect(useAppStore.getState().gate).toEqual(good);
  });
});
