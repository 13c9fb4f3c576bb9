import type { StateCreator } from 'zustand';
import { DEFAULT_BUDGET, type BudgetState } from '../../model/budget.ts';
import type { AppState } from '../store.ts';

export interface BudgetSlice {
  budget: BudgetState;
  setBudget: (patch: Partial<BudgetState>) => void;
}

export const createBudgetSlice: StateCreator<AppState, [], [], BudgetSlice> = (set) => ({
  budget: DEFAULT_BUDGET,
  setBudget: (patch) => set((s) => ({ budget: { ...s.budget, ...patch } })),
});
