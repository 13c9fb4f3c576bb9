/**
 * Registers the service worker that keeps the app working offline (the
 * worker vite-plugin-pwa generates, with workbox-window). Loaded by the shell
 * after the page has loaded, in production builds only, so tests and the dev
 * server never see it. A new version waits until the user chooses to reload.
 *
 * Not the plugin's own `registerSW`: in every tab shown the prompt, it reloads
 * the page once the new version takes control, so Reload in one tab reloaded
 * every other tab with it (losing a draft), and a tab opened as a first visit
 * never reloaded at all. Here only the tab whose Reload was chosen reloads;
 * the others are told, and reload when their user says so.
 */
import { Workbox } from 'workbox-window';

export interface ServiceWorkerEvents {
  /** A new version is installed and waiting. */
  onUpdateReady: () => void;
  /** A new version took control of this tab (after Reload here or in another tab). */
  onNewVersionActive: () => void;
}

/** Registers the worker; gives the function that asks a waiting version to take over. */
export function registerServiceWorker(events: ServiceWorkerEvents): () => void {
  // The worker and its scope sit beside the page (`base: './'`).
  const workbox = new Workbox('./sw.js', { scope: './' });
  // Also when a version was already waiting, or another tab found it.
  workbox.addEventListener('waiting', () => events.onUpdateReady());
  // The first version claims the page as it installs; only a change of
  // controller after that is a new version.
  const container = navigator.serviceWorker;
  let controlled = container.controller !== null;
  container.addEventListener('controllerchange', () => {
    if (controlled) events.onNewVersionActive();
    controlled = true;
  });
  void workbox.register().catch(() => undefined);
  return () => workbox.messageSkipWaiting();
}
