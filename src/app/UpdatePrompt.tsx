/// <reference types="vite/client" />
import { useEffect, useRef, useState } from 'react';

/**
 * Offers a new version of the app once its service worker is waiting ("A new
 * version is ready. Reload"), never reloading by itself: a review in progress
 * keeps running on the version it started with.
 */
export function UpdatePrompt() {
  const [activate, setActivate] = useState<(() => void) | null>(null);
  const [ready, setReady] = useState(false);
  // A new version took over after Reload in another tab: this page still
  // runs the old one, and reloads when its user says so (a draft is kept).
  const [elsewhere, setElsewhere] = useState(false);
  // Reload was chosen here: this tab reloads once the new version is in control.
  const asked = useRef(false);
  // Later holds for the rest of this page: workbox can report one waiting
  // version more than once (as "installed" and as "waiting"), and the bar
  // must not come back after the user put it off. The next visit offers it.
  const putOff = useRef(false);

  useEffect(() => {
    // Production builds only (the dev server and the tests have no worker).
    if (!import.meta.env.PROD || typeof navigator === 'undefined') return;
    if (!('serviceWorker' in navigator)) return;
    let cancelled = false;
    const start = () => {
      import('./sw-registration.ts')
        .then(({ registerServiceWorker }) => {
          if (cancelled) return;
          const update = registerServiceWorker({
            onUpdateReady: () => {
              if (!putOff.current) setReady(true);
            },
            onNewVersionActive: () => {
              if (asked.current) window.location.reload();
              else setElsewhere(true);
            },
          });
          setActivate(() => update);
        })
        .catch(() => undefined);
    };
    // After the page has loaded: the worker's precache never competes with the first paint.
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
    return () => {
      cancelled = true;
      window.removeEventListener('load', start);
    };
  }, []);

  if (elsewhere) {
    return (
      <div role="status" className="update-bar">
        <p>A new version runs in another tab.</p>
        <button type="button" className="primary" onClick={() => window.location.reload()}>
          Reload this tab
        </button>
      </div>
    );
  }
  // Only while an update waits: each tab's live result stays the page's one status otherwise.
  if (!ready) return null;
  return (
    <div role="status" className="update-bar">
      <p>A new version is ready.</p>
      <button
        type="button"
        className="primary"
        onClick={() => {
          asked.current = true;
          activate?.();
        }}
      >
        Reload
      </button>
      <button
        type="button"
        onClick={() => {
          putOff.current = true;
          setReady(false);
        }}
      >
        Later
      </button>
    </div>
  );
}
