// Where the end-to-end tests find the build and the two static servers. The
// config picks two free ports once, in the runner's main process, and hands
// them to the workers through the environment (workers inherit it).

import { spawnSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
/** Where GitHub Pages would serve the project site. */
export const SUB_PATH = '/context-cost-explorer/';

/** The build under test: `E2E_DIST` (a folder), else `dist/`. */
export const DIST_DIR = resolve(PROJECT_ROOT, process.env.E2E_DIST || 'dist');

/** Two ports free right now (asked of the OS in a child process, synchronously). */
function twoFreePorts(): [number, number] {
  const probe = spawnSync(
    process.execPath,
    [
      '-e',
      `const net = require('node:net');
       const a = net.createServer().listen(0, '127.0.0.1', () => {
         const b = net.createServer().listen(0, '127.0.0.1', () => {
           console.log(a.address().port + ' ' + b.address().port);
           a.close(); b.close();
         });
       });`,
    ],
    { encoding: 'utf8' },
  );
  const [a, b] = probe.stdout.trim().split(' ').map(Number);
  if (!a || !b) throw new Error(`could not find two free ports: ${probe.stderr}`);
  return [a, b];
}

if (!process.env.E2E_ROOT_PORT || !process.env.E2E_SUB_PATH_PORT) {
  const [a, b] = twoFreePorts();
  process.env.E2E_ROOT_PORT ||= String(a);
  process.env.E2E_SUB_PATH_PORT ||= String(b);
}

export const ROOT_PORT = Number(process.env.E2E_ROOT_PORT);
export const SUB_PATH_PORT = Number(process.env.E2E_SUB_PATH_PORT);
/** The build served at the root. */
export const BASE_URL = `http://127.0.0.1:${ROOT_PORT}/`;
/** The same build served only under the sub-path. */
export const SUB_PATH_URL = `http://127.0.0.1:${SUB_PATH_PORT}${SUB_PATH}`;
