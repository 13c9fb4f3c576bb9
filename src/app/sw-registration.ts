/**
 * Registers the service worker that keeps the app working offline
 * (vite-plugin-pwa, `registerType: 'prompt'`). Loaded by the shell after the
 * page has loaded, in production builds only, so tests and the dev server
 * never see it. A new version waits until the user chooses to reload.
 */
/// <reference types="vite-plugin-pwa/client" />
import { registerSW } from 'virtual:pwa-register';

export interface ServiceWorkerEvents {
  /** A new version is installed and waiting. */
  onUpdateReady: () => void;
}

/** Registers the worker; gives the function that activates a waiting version and reloads. */
export function registerServiceWorker(events: ServiceWorkerEvents): () => Promise<void> {
  return registerSW({
    immediate: true,
    onNeedRefresh: () => events.onUpdateReady(),
  });
}
