/**
 * Session state of the sharing tools: the message shown under the scenario
 * bar, the scenario an undo would restore, the pinned scenario A and which
 * views are open. None of it is part of the scenario (SPEC §6), so it lives
 * beside the app store rather than in it. (Pinned A is saved locally by
 * persistence, persistence/runner.ts.)
 */
import { create } from 'zustand';
import type { ScenarioData } from '../../model/scenario.ts';

export interface Notice {
  /** Errors are announced as alerts; everything else politely. */
  readonly kind: 'error' | 'info';
  readonly text: string;
  /** A second sentence shown after the text (an info message only). */
  readonly detail?: string;
  /** Offer the scenario as a file instead (a link the app could not open). */
  readonly offerExport?: boolean;
}

export interface UndoStep {
  /** The undo button's text, e.g. "Undo reset". */
  readonly label: string;
  readonly data: ScenarioData;
}

interface ShareState {
  notice: Notice | null;
  undo: UndoStep | null;
  pinnedA: ScenarioData | null;
  compareOpen: boolean;
  reportOpen: boolean;
  historyOpen: boolean;
  /** What the other tabs did ("another tab changed the shared save"), shown apart from the notice. */
  tabNote: string | null;
  /** Shows a message; an info message may offer an undo. */
  notify: (notice: Notice | null, undo?: UndoStep | null) => void;
  pinA: (data: ScenarioData | null) => void;
  setCompareOpen: (open: boolean) => void;
  setReportOpen: (open: boolean) => void;
  setHistoryOpen: (open: boolean) => void;
}

export const useShareStore = create<ShareState>()((set) => ({
  notice: null,
  undo: null,
  pinnedA: null,
  compareOpen: false,
  reportOpen: false,
  historyOpen: false,
  tabNote: null,
  notify: (notice, undo = null) => set({ notice, undo }),
  // Pinning never opens the comparison (Compare does); unpinning closes it.
  pinA: (data) => set(data === null ? { pinnedA: null, compareOpen: false } : { pinnedA: data }),
  setCompareOpen: (compareOpen) => set({ compareOpen }),
  setReportOpen: (reportOpen) => set({ reportOpen }),
  setHistoryOpen: (historyOpen) => set({ historyOpen }),
}));
