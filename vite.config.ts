import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// `base: './'` keeps every asset URL relative, so the same build works from a
// GitHub Pages repository sub-path and from any static file server.
export default defineConfig({
  base: './',
  plugins: [react()],
  // The engine's worker (src/engine/worker.ts) is an ES module worker, so it
  // shares chunks with the page and its URL stays relative under `base`.
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    sourcemap: false,
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./test/setup.ts'],
    include: ['test/**/*.test.{ts,tsx}'],
    pool: 'threads',
    // The machines are shared and have two cores: generous, never a speed check.
    testTimeout: 30_000,
  },
});
