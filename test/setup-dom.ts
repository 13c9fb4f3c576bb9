// Setup for test files that run under jsdom (loaded by test/setup.ts only
// where the environment has a document): Testing Library's matchers, its
// wait and its cleanup, and stand-ins for what jsdom lacks.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { clearEngineQueries } from '../src/engine/query-client.ts';

// jsdom lacks layout: give the charts' ResizeObserver and the canvases
// harmless stand-ins so component tests render without noise.
if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  } as unknown as typeof ResizeObserver;
}
if (typeof HTMLCanvasElement !== 'undefined') {
  HTMLCanvasElement.prototype.getContext = (() =>
    null) as unknown as HTMLCanvasElement['getContext'];
}

// The machines are shared and have two cores: under load (CI beside other
// work) results from the in-process engine can take longer than Testing
// Library's default 1 s to appear (a stress run with two busy loops beside
// the suite saw six times the quiet machine's times). A longer wait is never
// a speed check: a test whose result never comes still fails, only later.
// Tests use this one wait (and vite.config.ts's for expect.poll) rather
// than their own, shorter ones.
configure({ asyncUtilTimeout: 30_000 });

afterEach(() => {
  cleanup();
  // Results are cached by request: each test starts with none.
  clearEngineQueries();
});
