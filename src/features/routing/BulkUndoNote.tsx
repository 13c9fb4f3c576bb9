import { useAppStore } from '../../state/store.ts';
import { undoBulkEdit, useBulkUndo, type UndoPlace } from './bulk-undo.ts';

/**
 * The note a bulk edit leaves ("Set every turn's idle gap to 319 s.") with
 * its Undo button, shown while the lab is as the edit left it. The region
 * is always there, so the note is announced when it appears.
 */
export function BulkUndoNote({ place }: { place: UndoPlace }) {
  const note = useBulkUndo((s) => s.note);
  const current = useAppStore((s) => s.routing);
  const shown = note !== null && note.place === place && note.after === current ? note : null;
  return (
    <div role="status" className="bulk-note" data-empty={shown === null}>
      {shown !== null && (
        <p className="note">
          {shown.text}{' '}
          {shown.before !== null && (
            <button type="button" className="link-button" onClick={undoBulkEdit}>
              Undo
            </button>
          )}
        </p>
      )}
    </div>
  );
}
