/// <reference types="vite/client" />
import { useEffect, useState } from 'react';

/**
 * Offers a new version of the app once its service worker is waiting ("A new
 * version is ready. Reload"), never reloading by itself: a review in progress
 * keeps running on the version it started with.
 */
export function UpdatePrompt() {
  const [activate, setActivate] = useState<(() => Promise<void>) | null>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    // Production builds only (the dev server and the tests have no worker).
    if (!import.meta.env.PROD || typeof navigator === 'undefined') return;
    if (!('serviceWorker' in navigator)) return;
    let cancelled = false;
    const start = () => {
      import('./sw-registration.ts')
        .then(({ registerServiceWorker }) => {
          if (cancelled) return;
          const update = registerServiceWorker({ onUpdateReady: () => setReady(true) });
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
      <button type="button" onClick={() => setReady(false)}>
        Later
      </button>
    </div>
  );
}
