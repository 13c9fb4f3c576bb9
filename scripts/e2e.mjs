#!/usr/bin/env node
// End-to-end runner: serves the built site (dist/) at the root and under a
// GitHub-Pages-style sub-path, launches Debian's Chromium through
// playwright-core, and runs every journey in test/e2e/*.journey.mjs, each in
// a fresh browser context.
//
//   node scripts/e2e.mjs                 run every journey
//   node scripts/e2e.mjs --grep budget   run the journeys whose name contains "budget"
//   node scripts/e2e.mjs --bench-ui      run the interaction-latency benchmark instead
//                                        (with --grep gate|budget|routing: that tab only)
//   node scripts/e2e.mjs --dir DIR       take the journeys from DIR instead of test/e2e
//   node scripts/e2e.mjs --dist DIR      serve the build in DIR instead of dist/
//
// Prints one line per journey and finally `N passed, M failed`; exits 1 on
// any failure. Builds nothing unless dist/ is missing (CI builds first).

import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { register } from 'tsx/esm/api';
import { serveStaticOnFreePort } from './serve-static.mjs';
import { launchChromium } from '../test/e2e/runner-browser.mjs';
import { loadJourneys, runJourney } from '../test/e2e/runner-journeys.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DIST_DIR = join(ROOT, 'dist');
const E2E_DIR = join(ROOT, 'test', 'e2e');
const RESULTS_DIR = join(ROOT, 'test-results');
/** Where GitHub Pages would serve the project site. */
const SUB_PATH = '/context-cost-explorer/';
/** This runner's port range. */
const PORTS = [4310, 4311, 4312, 4313, 4314, 4315, 4316, 4317, 4318, 4319];

const USAGE =
  'usage: node scripts/e2e.mjs [--grep TEXT] [--bench-ui] [--dir JOURNEY_DIR] [--dist BUILD_DIR]';

function readOptions(args) {
  const { values } = parseArgs({
    args,
    options: {
      grep: { type: 'string', short: 'g' },
      'bench-ui': { type: 'boolean', default: false },
      dir: { type: 'string', default: E2E_DIR },
      dist: { type: 'string', default: DIST_DIR },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  return {
    grep: values.grep ?? null,
    benchUi: values['bench-ui'],
    dir: resolve(values.dir),
    dist: resolve(values.dist),
  };
}

function ensureBuilt(distDir) {
  if (existsSync(join(distDir, 'index.html'))) return;
  console.log(`${relative(ROOT, distDir)}/ is missing: building it once with \`npx vite build\``);
  const result = spawnSync('npx', ['vite', 'build', '--outDir', distDir], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('vite build failed');
}

/** Indents every line of a block of text for printing under a result line. */
function indent(text, prefix = '    ') {
  return text
    .split('\n')
    .map((line) => prefix + line)
    .join('\n');
}

/** The message and the first stack frame that points into a journey file. */
function describeError(error) {
  const frame = (error.stack ?? '')
    .split('\n')
    .find((line) => line.includes('/test/e2e/') && !line.includes('/runner-'));
  const where = frame
    ? `\n${frame.trim().replace(`file://${ROOT}/`, '').replace(`${ROOT}/`, '')}`
    : '';
  // eslint-disable-next-line no-control-regex -- strip Playwright's ANSI colours
  return `${error.message.replace(/\u001b\[[0-9;]*m/g, '')}${where}`;
}

async function main() {
  let options;
  try {
    options = readOptions(process.argv.slice(2));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : error}\n${USAGE}`);
    return 2;
  }
  // Journeys may import the TypeScript core to compare the page with it.
  register();
  const distDir = options.dist;
  ensureBuilt(distDir);
  const rootServer = await serveStaticOnFreePort({ root: distDir, basePath: '/' }, PORTS);
  const subPathServer = await serveStaticOnFreePort(
    { root: distDir, basePath: SUB_PATH },
    PORTS.filter((p) => p !== rootServer.port),
  );
  let browser;
  let failed = 0;
  try {
    browser = await launchChromium();
    const env = {
      browser,
      baseUrl: rootServer.url,
      subPathUrl: subPathServer.url,
      distDir,
      projectRoot: ROOT,
      resultsDir: RESULTS_DIR,
    };
    console.log(
      `serving ${relative(process.cwd(), distDir) || '.'} at ${rootServer.url} and ${subPathServer.url}` +
        ` · Chromium ${browser.version()}`,
    );

    if (options.benchUi) {
      const bench = await import(pathToFileURL(join(E2E_DIR, 'bench-ui.mjs')).href);
      await bench.default({ ...env, grep: options.grep?.toLowerCase() ?? null });
      return 0;
    }

    const all = await loadJourneys(options.dir);
    const grep = options.grep?.toLowerCase() ?? null;
    const selected = grep === null ? all : all.filter((j) => j.name.toLowerCase().includes(grep));
    if (selected.length === 0) {
      console.log(grep === null ? 'no journeys found in test/e2e' : `no journey matches "${grep}"`);
      console.log('0 passed, 0 failed');
      return 1;
    }
    let passed = 0;
    for (const journey of selected) {
      const result = await runJourney(journey, env);
      if (result.error) failed += 1;
      else passed += 1;
      console.log(`${result.error ? '✗' : '✓'} ${result.name} (${result.ms} ms)`);
      for (const note of result.notes) console.log(indent(note));
      if (result.consoleErrors.length > 0) {
        console.log(indent(`console errors (${result.consoleErrors.length}):`));
        for (const text of result.consoleErrors.slice(0, 5)) console.log(indent(text, '      '));
      }
      if (result.error) console.log(indent(describeError(result.error)));
    }
    console.log(`${passed} passed, ${failed} failed`);
    return failed > 0 ? 1 : 0;
  } finally {
    await browser?.close().catch(() => {});
    await Promise.all([rootServer.close(), subPathServer.close()]);
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
