/**
 * The undo of the routing lab's bulk edits: setting every idle gap at once,
 * replacing the turns with generated ones, removing a turn, loading a
 * conversation preset. Each edit leaves a note ("Set every turn's idle gap
 * to 319 s.") with the lab's state from before it; Undo puts that state
 * back. The note holds only while the lab is as the edit left it: any other
 * edit retires it, so an undo never reverts more than the edit it names.
 * Session state of the view, never part of the scenario.
 */
import { create } from 'zustand';
import type { RoutingState } from '../../model/routing.ts';
import { useAppStore } from '../../state/store.ts';

/** Where the note shows: under the preset select, or in the conversation. */
export type UndoPlace = 'preset' | 'conversation';

export interface BulkNote {
  readonly place: UndoPlace;
  /** What the edit did, in words. */
  readonly text: string;
  /** What Undo did, in words ("Restored each turn's previous idle gap."). */
  readonly undone: string;
  /** A name for the kind of edit: steps of one kind in a row (a slider drag) share one undo; null never merges. */
  readonly kind: string | null;
  /** The lab before the edit (null once undone: the note only reports the undo). */
  readonly before: RoutingState | null;
  /** The lab as the edit left it: the note shows while the lab is still this. */
  readonly after: RoutingState;
}

interface BulkUndoState {
  note: BulkNote | null;
}

export const useBulkUndo = create<BulkUndoState>()(() => ({ note: null }));

/**
 * Runs a bulk edit and records its note. A step of the same kind right
 * after the last one (the lab still as that step left it) keeps the state
 * from before the first step, so one Undo reverts the whole drag.
 */
export function bulkEdit(
  place: UndoPlace,
  kind: string | null,
  words: { text: string; undone: string },
  edit: () => void,
): void {
  const before = useAppStore.getState().routing;
  edit();
  const after = useAppStore.getState().routing;
  if (after === before) return;
  const last = useBulkUndo.getState().note;
  const continued =
    kind !== null &&
    last !== null &&
    last.kind === kind &&
    last.after === before &&
    last.before !== null;
  useBulkUndo.setState({
    note: { place, kind, ...words, before: continued ? last.before : before, after },
  });
}

/** Puts back the lab from before the noted edit, if the lab is still as the edit left it. */
export function undoBulkEdit(): void {
  const note = useBulkUndo.getState().note;
  const store = useAppStore.getState();
  if (note === null || note.before === null || store.routing !== note.after) return;
  store.loadRouting(note.before);
  useBulkUndo.setState({
    note: {
      place: note.place,
      kind: null,
      text: note.undone,
      undone: note.undone,
      before: null,
      after: useAppStore.getState().routing,
    },
  });
}
