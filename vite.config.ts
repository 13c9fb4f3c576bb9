import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

// The test folders of components, which run under jsdom (see `test.projects`).
const COMPONENT_TESTS = [
  'test/features/**/*.test.{ts,tsx}',
  'test/ui/**/*.test.{ts,tsx}',
  'test/app/**/*.test.{ts,tsx}',
];

// `base: './'` keeps every asset URL relative, so the same build works from a
// GitHub Pages repository sub-path and from any static file server. The
// service worker and the manifest are relative too: the worker's scope is the
// folder the app is served from (/ or /context-cost-explorer/).
export default defineConfig({
  base: './',
  plugins: [
    react(),
    // An installable app that works offline: a generated service
    // worker precaches the whole build; an update waits for the user
    // ("prompt"), so a new version never reloads a review mid-way.
    VitePWA({
      registerType: 'prompt',
      // Registered by src/app/sw-registration.ts, after the page has loaded.
      injectRegister: false,
      includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
      manifest: {
        name: 'Context Cost Explorer',
        short_name: 'Context Cost',
        description: "Explore what an LLM agent's context policies cost.",
        id: './',
        start_url: './',
        scope: './',
        display: 'standalone',
        background_color: '#f6f7fb',
        theme_color: '#2456c9',
        icons: [
          { src: 'icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: 'icon-512.png', sizes: '512x512', type: 'image/png' },
          {
            src: 'icon-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
          { src: 'icon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
      workbox: {
        // Every chunk (each tab, the workers) and the icons: offline, every tab opens.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // The app lives in one page; links differ only in their hash.
        navigateFallback: 'index.html',
        cleanupOutdatedCaches: true,
        // The first version takes control at once (there is no older one to keep);
        // later versions wait for Reload (registerType 'prompt').
        clientsClaim: true,
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
  ],
  // The engine's worker (src/engine/worker.ts) is an ES module worker, so it
  // shares chunks with the page and its URL stays relative under `base`.
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    sourcemap: false,
  },
  test: {
    globals: true,
    setupFiles: ['./test/setup.ts'],
    pool: 'threads',
    // Vitest's default for a run is one worker fewer than the cores: on
    // these two-core machines, a single worker and an idle core. The main
    // process only hands out files, so every core runs tests.
    maxWorkers: availableParallelism(),
    // The machines are shared and have two cores: generous, never a speed
    // check (under a stress run the slowest test took 52 s, 12 s when quiet).
    testTimeout: 120_000,
    hookTimeout: 60_000,
    // expect.poll's own default is 1 s; the same wait as Testing Library's
    // (test/setup-dom.ts).
    expect: { poll: { timeout: 30_000 } },
    // Which environment a test file gets, by its folder: the component
    // folders run under jsdom, everything else (core, domain, engine, state,
    // conformance, scripts, fuzz, bench and any new folder) under Node. A
    // file that needs the other one says so on its first line
    // (`// @vitest-environment jsdom` or `node`); test/setup.ts loads the
    // DOM setup only where there is a document.
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          // One module graph per worker across files: pure tests share no
          // DOM, and importing the core, domain and engine once per worker
          // rather than once per file halves the project's CPU time.
          isolate: false,
          include: ['test/**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude, ...COMPONENT_TESTS],
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: COMPONENT_TESTS,
        },
      },
    ],
  },
});
