import { useEffect, useLayoutEffect, useRef } from 'react';
import { textDigest, type HistoryEntry } from '../../state/history/model.ts';
import { scenarioToJson } from '../../state/persistence.ts';
import { selectScenario, useAppStore } from '../../state/store.ts';
import {
  downloadEntry,
  entryTime,
  refreshHistory,
  restoreEntry,
  thisTab,
  useHistoryStore,
} from './history-api.ts';
import './history.css';

const WHERE: Record<string, string> = {
  indexeddb: 'kept in this browser (IndexedDB)',
  localStorage: 'kept in this browser’s local storage',
  memory: 'kept for this visit only: this browser refuses to store it',
};

/**
 * The save history: every state reached, newest first, with its time, its
 * tab and a one-line summary. One click restores a state (and the state it
 * replaces is offered as an undo); a save that cannot be opened here is
 * shown as such and can be downloaded as it was.
 */
export default function HistoryPanel({ id, onDone }: { id: string; onDone: () => void }) {
  const entries = useHistoryStore((s) => s.entries);
  const kind = useHistoryStore((s) => s.kind);
  const closeRef = useRef<HTMLButtonElement>(null);
  const current = useAppStore((s) => textDigest(scenarioToJson(selectScenario(s))));
  const tab = thisTab();

  useLayoutEffect(() => closeRef.current?.focus(), []);
  useEffect(() => {
    void refreshHistory();
  }, []);

  return (
    <section
      id={id}
      className="history-panel card"
      aria-label="History"
      onKeyDown={(e) => {
        if (e.key === 'Escape') onDone();
      }}
    >
      <div className="history-head">
        <h2 className="history-title">History</h2>
        <button ref={closeRef} type="button" onClick={onDone}>
          Close
        </button>
      </div>
      <p className="note">
        Every state you reached, newest first, {WHERE[kind ?? 'indexeddb']}. Restoring one keeps the
        current state here too, and can be undone.
      </p>
      {entries.length === 0 ? (
        <p className="note">Nothing saved yet: change anything and it appears here.</p>
      ) : (
        <ol className="history-list" aria-label="Saved states">
          {entries.map((entry) => (
            <HistoryItem
              key={entry.id}
              entry={entry}
              isCurrent={entry.status === 'ok' && entry.digest === current}
              ownTab={entry.tab === tab}
            />
          ))}
        </ol>
      )}
    </section>
  );
}

function HistoryItem({
  entry,
  isCurrent,
  ownTab,
}: {
  entry: HistoryEntry;
  isCurrent: boolean;
  ownTab: boolean;
}) {
  const time = entryTime(entry);
  const kept = entry.status === 'kept';
  return (
    <li className={`history-item${kept ? ' history-kept' : ''}`}>
      <div className="history-text">
        <span className="history-time">{time}</span>
        <span className="history-tab">{ownTab ? 'this tab' : 'another tab'}</span>
        {isCurrent && <span className="history-badge">shown now</span>}
        {kept && <span className="history-badge history-badge-warn">cannot be opened here</span>}
        <span className="history-summary" title={entry.summary}>
          {entry.summary}
        </span>
      </div>
      <div className="history-actions">
        {!kept && (
          <button
            type="button"
            disabled={isCurrent}
            aria-label={`Restore the state of ${time}: ${entry.summary}`}
            onClick={() => restoreEntry(entry)}
          >
            Restore
          </button>
        )}
        <button
          type="button"
          aria-label={`Download the state of ${time} as a file`}
          onClick={() => downloadEntry(entry)}
        >
          Download
        </button>
      </div>
    </li>
  );
}
