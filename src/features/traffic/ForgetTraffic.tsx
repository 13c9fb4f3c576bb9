import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { plural } from './plural.ts';
import { forgetTraffic } from './traffic-session.ts';

/**
 * "Forget this traffic", asked twice: deleting a team's imported calls
 * cannot be undone (the only copy is this browser's, and every tab drops
 * it), so the first click asks, naming what goes, and "Keep the calls" is
 * where the focus lands. Escape keeps them too.
 */
export function ForgetTraffic({ callCount, busy }: { callCount: number; busy: boolean }) {
  const [asking, setAsking] = useState(false);
  const keepRef = useRef<HTMLButtonElement>(null);
  const forgetRef = useRef<HTMLButtonElement>(null);
  // Set when the question closes without deleting, so the focus goes back where it was.
  const returnFocus = useRef(false);
  const questionId = useId();

  useEffect(() => {
    if (asking) keepRef.current?.focus();
    else if (returnFocus.current) {
      returnFocus.current = false;
      forgetRef.current?.focus();
    }
  }, [asking]);

  const keep = () => {
    returnFocus.current = true;
    setAsking(false);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      keep();
    }
  };

  if (!asking) {
    return (
      <div className="row traffic-forget">
        <button ref={forgetRef} type="button" disabled={busy} onClick={() => setAsking(true)}>
          Forget this traffic
        </button>
        <span className="note">Deletes the imported calls from this browser.</span>
      </div>
    );
  }
  const calls = plural(callCount, 'call');
  return (
    <div
      className="traffic-forget traffic-forget-asking"
      role="group"
      aria-labelledby={questionId}
      onKeyDown={onKeyDown}
    >
      <p id={questionId}>
        Delete the {calls} imported into this browser, in every open tab? This cannot be undone: the
        calls are kept nowhere else, so keep the trace files if you may want them again.
      </p>
      <div className="row">
        <button
          type="button"
          className="danger"
          disabled={busy}
          onClick={() => {
            setAsking(false);
            void forgetTraffic();
          }}
        >
          Delete the {calls}
        </button>
        <button ref={keepRef} type="button" onClick={keep}>
          Keep the calls
        </button>
      </div>
    </div>
  );
}
