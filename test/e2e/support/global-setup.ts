// Before any test: builds the site with `npx vite build` only when the build
// under test (dist/, or E2E_DIST) is missing. CI builds first, so this is
// for a local `npm run test:e2e` on a fresh checkout.

import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { DIST_DIR, PROJECT_ROOT } from './env.ts';

export default function globalSetup(): void {
  if (existsSync(join(DIST_DIR, 'index.html'))) return;
  console.log(
    `${relative(PROJECT_ROOT, DIST_DIR) || DIST_DIR}/ is missing: building it once with \`npx vite build\``,
  );
  const result = spawnSync('npx', ['vite', 'build', '--outDir', DIST_DIR, '--emptyOutDir'], {
    cwd: PROJECT_ROOT,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('vite build failed');
}
