import type { StateCreator } from 'zustand';
import {
  DEFAULT_TRAFFIC,
  type ReplayChoiceState,
  type TrafficSettings,
} from '../../model/traffic.ts';
import type { AppState } from '../store.ts';

export interface TrafficSlice {
  traffic: TrafficSettings;
  /** Changes part of the replay's choice. */
  setReplayChoice: (patch: Partial<ReplayChoiceState>) => void;
}

export const createTrafficSlice: StateCreator<AppState, [], [], TrafficSlice> = (set) => ({
  traffic: DEFAULT_TRAFFIC,
  setReplayChoice: (patch) =>
    set((s) => ({ traffic: { ...s.traffic, replay: { ...s.traffic.replay, ...patch } } })),
});
