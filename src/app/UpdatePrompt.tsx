/// <reference types="vite/client" />
import { useEffect, useRef, useState } from 'react';

/**
 * Offers a new version of the app once its service worker is waiting ("A new
 * version is ready. Reload"), never reloading by itself: a review in progress
 * keeps running on the version it started with.
 */
export function UpdatePrompt() {
  const [activate, setActivate] = useState<(() => Promise<void>) | null>(null);
  const [ready, setReady] = useState(false);
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

  // Only while an update waits: each tab's live result stays the page's one status otherwise.
  if (!ready) return null;
  return (
    <div role="status" className="update-bar">
      <p>A new version is ready.</p>
      <button type="button" className="primary" onClick={() => void activate?.()}>
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
