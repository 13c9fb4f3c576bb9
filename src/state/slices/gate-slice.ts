import type { StateCreator } from 'zustand';
import { DEFAULT_GATE, type GateState, type PopulationInputs } from '../../model/gate.ts';
import type { AppState } from '../store.ts';

export interface GateSlice {
  gate: GateState;
  setGate: (patch: Partial<GateState>) => void;
  setPopulation: (patch: Partial<PopulationInputs>) => void;
}

export const createGateSlice: StateCreator<AppState, [], [], GateSlice> = (set) => ({
  gate: DEFAULT_GATE,
  setGate: (patch) => set((s) => ({ gate: { ...s.gate, ...patch } })),
  setPopulation: (patch) =>
    set((s) => ({ gate: { ...s.gate, population: { ...s.gate.population, ...patch } } })),
});
