import type { StateCreator } from 'zustand';
import { DEFAULT_UI, type TabId, type ThemeChoice, type UiState } from '../../model/ui.ts';
import type { AppState } from '../store.ts';

export interface UiSlice {
  ui: UiState;
  setTab: (tab: TabId) => void;
  setTheme: (theme: ThemeChoice) => void;
}

export const createUiSlice: StateCreator<AppState, [], [], UiSlice> = (set) => ({
  ui: DEFAULT_UI,
  setTab: (tab) => set((s) => ({ ui: { ...s.ui, tab } })),
  setTheme: (theme) => set((s) => ({ ui: { ...s.ui, theme } })),
});
