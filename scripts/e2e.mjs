#!/usr/bin/env node
// `npm run test:e2e`: Playwright Test, with the runner flags this project had
// before it (kept so scripts and journey folders written for them still work):
//   --dir DIR    also run the journey modules (*.journey.mjs) in DIR — and
//                only those: the project's own specs are left out
//   --dist DIR   test the build in DIR instead of dist/
//   --bench-ui   run the interaction-latency benchmark instead (npm run bench:ui)
// Every other argument (--grep TEXT, a file filter, --headed, …) goes to
// `playwright test` as it is.
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

const args = process.argv.slice(2);
const passOn = [];
const env = { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' };
const dirs = [];
let benchUi = false;
for (let i = 0; i < args.length; i++) {
  const arg = args[i];
  const [flag, inline] = arg.includes('=') ? arg.split(/=(.*)/s) : [arg, undefined];
  const value = () => {
    const given = inline ?? args[++i];
    if (given === undefined) {
      console.error(`${flag} needs a folder`);
      process.exit(2);
    }
    return resolve(given);
  };
  if (flag === '--dir') dirs.push(value());
  else if (flag === '--dist') env.E2E_DIST = value();
  else if (arg === '--bench-ui') benchUi = true;
  else passOn.push(arg);
}

let command;
if (benchUi) {
  command = ['node', 'bench/ui.bench.mjs', ...passOn];
} else {
  if (dirs.length > 0) {
    env.E2E_JOURNEY_DIRS = [env.E2E_JOURNEY_DIRS, ...dirs].filter(Boolean).join(':');
    env.E2E_JOURNEYS_ONLY = '1';
    passOn.unshift('test/e2e/journey-modules.spec.ts');
  }
  command = ['npx', 'playwright', 'test', ...passOn];
}
const run = spawnSync(command[0], command.slice(1), { stdio: 'inherit', env });
process.exit(run.status ?? 1);
