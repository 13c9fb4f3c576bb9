import { useId, useState } from 'react';
import { useAppStore } from '../state/store.ts';

/** Set once the first-visit note is answered or closed, so it does not come back. */
export const FIRST_VISIT_KEY = 'cce-first-visit-done';

function seen(): boolean {
  try {
    return typeof localStorage !== 'undefined' && localStorage.getItem(FIRST_VISIT_KEY) !== null;
  } catch {
    return true;
  }
}

export function markFirstVisitSeen(): void {
  try {
    localStorage.setItem(FIRST_VISIT_KEY, '1');
  } catch {
    // Storage refused: the note shows again next time, nothing else is lost.
  }
}

/**
 * A first visit's two ways in, above the worked example: start from your
 * own traffic, or explore the example below. Answered or closed, it stays
 * away; the Overview tab offers the same two ways.
 */
export function FirstVisit() {
  const id = useId();
  const setTab = useAppStore((s) => s.setTab);
  const [open, setOpen] = useState(() => !seen());
  if (!open) return null;
  const close = () => {
    markFirstVisitSeen();
    setOpen(false);
  };
  return (
    <section className="first-visit card" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Two ways to start</h2>
      <ul className="first-visit-paths">
        <li>
          <button
            type="button"
            className="primary"
            onClick={() => {
              close();
              setTab('traffic');
            }}
          >
            Start from your own traffic
          </button>
          <span>
            Import your agent&apos;s usage logs: the bill as billed, and what would lower it. They
            stay in this browser.
          </span>
        </li>
        <li>
          <button type="button" onClick={close}>
            Explore a worked example
          </button>
          <span>Typical figures you can change, starting with offloading large tool outputs.</span>
        </li>
      </ul>
    </section>
  );
}
