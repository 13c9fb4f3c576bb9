import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SCENARIO } from '../../src/model/scenario.ts';
import { selectScenario, useAppStore } from '../../src/state/store.ts';

afterEach(() => useAppStore.getState().loadScenario(DEFAULT_SCENARIO));

describe('the store of inputs', () => {
  it('starts at the model’s default scenario', () => {
    expect(selectScenario(useAppStore.getState())).toEqual(DEFAULT_SCENARIO);
  });

  it('resets to the defaults but keeps the theme', () => {
    const store = useAppStore.getState();
    store.setTheme('dark');
    store.setGate({ outputTokens: 1_234 });
    useAppStore.getState().resetToDefaults();
    const back = selectScenario(useAppStore.getState());
    expect(back.gate).toEqual(DEFAULT_SCENARIO.gate);
    expect(back.ui).toEqual({ ...DEFAULT_SCENARIO.ui, theme: 'dark' });
  });
});
