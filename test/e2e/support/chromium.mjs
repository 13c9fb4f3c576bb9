// Debian's Chromium for the end-to-end tests and the UI benchmark. Never a
// downloaded browser: the executable comes from CHROMIUM_PATH or
// /usr/bin/chromium, and is handed to Playwright as `executablePath`.

import { existsSync } from 'node:fs';

/** Flags for a quiet, sandbox-free headless Chromium in containers and CI. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // Containers often have a 64 MB /dev/shm, too small for Chromium's renderer.
  '--disable-dev-shm-usage',
];

/** The Chromium executable the tests use. */
export function chromiumPath() {
  return process.env.CHROMIUM_PATH || '/usr/bin/chromium';
}

/**
 * Launch options for Chromium, or throws a message saying how to install it.
 * @returns {{ executablePath: string, args: string[] }}
 */
export function chromiumLaunchOptions() {
  const executablePath = chromiumPath();
  if (!existsSync(executablePath)) {
    throw new Error(
      `Chromium not found at ${executablePath}. Install Debian's package (apt-get install chromium) ` +
        'or point CHROMIUM_PATH at a Chromium or Chrome executable.',
    );
  }
  return { executablePath, args: [...CHROMIUM_ARGS] };
}
