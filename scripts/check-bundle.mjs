#!/usr/bin/env node
// Bundle budget: the JavaScript a first visit loads must stay under 200 kB
// gzipped (kB = 1000 bytes, as Vite reports sizes).
//
// A first visit loads the entry chunk named in dist/index.html, its static
// imports and modulepreload links, and — because every tab, the first one
// included, is a lazily loaded chunk — the chunk of the default tab (the
// offload gate) with its static imports, and the workers those start. The
// other tabs' chunks load only when opened, so they count towards the total
// but not the first visit. The service worker's registration (a chunk the
// shell imports once the page has loaded, with workbox-window) counts too: a
// first visit loads it. The service worker itself (sw.js and its workbox
// runtime) does not: the browser installs it in the background, off the page,
// and it then precaches the whole build for offline use; it is reported apart.
//
//   node scripts/check-bundle.mjs [--dist dist] [--budget-kb 200] [--first-tab GatePanel]

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, normalize, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const STRING = String.raw`(["'\x60])([^"'\x60]+)\1`;
const STATIC_IMPORT_PATTERNS = [
  // import x from "./a.js", import{a as b}from"./a.js", import * as n from "./a.js"
  new RegExp(String.raw`(?:^|[;}\s)])import\s*[\w$\s,{}*]*?from\s*` + STRING, 'g'),
  // import "./a.js" (side effects only)
  new RegExp(String.raw`(?:^|[;}\s)])import\s*` + STRING, 'g'),
  // export * from "./a.js", export{a}from"./a.js"
  new RegExp(
    String.raw`(?:^|[;}\s)])export\s*(?:\*|\{[^}]*\})\s*(?:as\s+[\w$]+\s*)?from\s*` + STRING,
    'g',
  ),
];
const ROLES = [
  'first visit: entry',
  'first visit: entry import',
  'first visit: default tab',
  'first visit: default tab import',
  'first visit: worker',
  'first visit: service worker registration',
  'first visit: stylesheet',
  'lazy',
];
const DYNAMIC_IMPORT_PATTERN = new RegExp(
  String.raw`import\(\s*` + STRING + String.raw`\s*\)`,
  'g',
);

// new Worker(new URL("./worker-x.js", import.meta.url)): a chunk a page starts as a worker.
const WORKER_URL_PATTERN = new RegExp(
  String.raw`new URL\(\s*` + STRING + String.raw`\s*,\s*import\.meta\.url\s*\)`,
  'g',
);

/** Paths (relative to dist) of files referenced by `pattern` in `code` that exist. */
function referencedFiles(code, patterns, fromFile, distDir) {
  const found = new Set();
  for (const pattern of patterns) {
    for (const match of code.matchAll(pattern)) {
      const specifier = match[2] ?? '';
      if (!specifier.startsWith('.') && !specifier.startsWith('/')) continue;
      const file = specifier.startsWith('/')
        ? join(distDir, specifier)
        : normalize(join(dirname(join(distDir, fromFile)), specifier));
      // Only files that really exist count: minified code holds strings too.
      if (existsSync(file)) found.add(relative(distDir, file));
    }
  }
  return found;
}

/** `file` and everything it imports statically, transitively. */
function staticClosure(files, distDir) {
  const seen = new Set();
  const queue = [...files];
  while (queue.length > 0) {
    const file = /** @type {string} */ (queue.shift());
    if (seen.has(file) || !file.endsWith('.js')) continue;
    seen.add(file);
    const code = readFileSync(join(distDir, file), 'utf8');
    for (const dep of referencedFiles(code, STATIC_IMPORT_PATTERNS, file, distDir)) queue.push(dep);
  }
  return seen;
}

/** Values of `attribute` on tags matching `tagPattern` in the page. */
function htmlReferences(html, tagPattern, attribute) {
  const values = [];
  for (const tag of html.match(tagPattern) ?? []) {
    const value = new RegExp(String.raw`\s${attribute}=(["'])([^"']+)\1`).exec(tag)?.[2];
    if (value && !/^[a-z]+:/i.test(value)) values.push(normalize(value.replace(/^\.?\//, '')));
  }
  return values;
}

/**
 * Sizes of every chunk in a Vite build, and which of them a first visit loads.
 * @param {string} distDir
 * @param {{ firstTabChunk?: string }} [options] name prefix of the default tab's chunk
 * @returns {{ chunks: Array<{ file: string, rawBytes: number, gzipBytes: number, role: string }>,
 *             firstVisit: string[], firstVisitRawBytes: number, firstVisitGzipBytes: number,
 *             totalRawBytes: number, totalGzipBytes: number }}
 */
export function analyseBundle(distDir, { firstTabChunk = 'GatePanel' } = {}) {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const entries = htmlReferences(html, /<script\b[^>]*type=["']module["'][^>]*>/g, 'src');
  if (entries.length === 0) throw new Error('dist/index.html has no <script type="module" src>');
  const preloads = htmlReferences(html, /<link\b[^>]*rel=["']modulepreload["'][^>]*>/g, 'href');
  const styles = htmlReferences(html, /<link\b[^>]*rel=["']stylesheet["'][^>]*>/g, 'href');
  const entryClosure = staticClosure([...entries, ...preloads], distDir);

  // The default tab's chunk: a dynamic import of the entry closure named after it.
  const lazy = new Set();
  for (const file of entryClosure) {
    const code = readFileSync(join(distDir, file), 'utf8');
    for (const dep of referencedFiles(code, [DYNAMIC_IMPORT_PATTERN], file, distDir)) lazy.add(dep);
  }
  const firstTab = [...lazy].find((file) => basename(file).startsWith(`${firstTabChunk}-`));
  if (!firstTab) {
    throw new Error(
      `no lazily imported chunk named ${firstTabChunk}-*.js: the first visit cannot be measured ` +
        `(lazy chunks: ${[...lazy].join(', ') || 'none'})`,
    );
  }
  const tabClosure = [...staticClosure([firstTab], distDir)].filter(
    (f) => f !== firstTab && !entryClosure.has(f),
  );
  // The service worker's registration, imported by the shell after load.
  const registration = [...lazy].filter((file) => basename(file).startsWith(`${SW_REGISTRATION}-`));
  // It loads workbox-window with a dynamic import of its own, at once.
  const registrationFiles = [...staticClosure(registration, distDir)];
  for (const file of [...registrationFiles]) {
    if (entryClosure.has(file)) continue;
    const code = readFileSync(join(distDir, file), 'utf8');
    const loaded = referencedFiles(code, [DYNAMIC_IMPORT_PATTERN], file, distDir);
    registrationFiles.push(...staticClosure([...loaded], distDir));
  }
  const registrationClosure = [...new Set(registrationFiles)].filter(
    (f) => !entryClosure.has(f) && f !== firstTab && !tabClosure.includes(f),
  );
  // Workers the first visit's chunks start (the engine's worker, from the
  // default tab), with what they import: the first visit loads them too.
  const firstVisitCode = [...entryClosure, firstTab, ...tabClosure];
  const workerEntries = new Set();
  for (const file of firstVisitCode) {
    const code = readFileSync(join(distDir, file), 'utf8');
    for (const match of code.matchAll(WORKER_URL_PATTERN)) {
      // A URL relative to the chunk: "worker-x.js" or "./worker-x.js".
      const target = normalize(join(dirname(join(distDir, file)), match[2] ?? ''));
      if (target.endsWith('.js') && existsSync(target))
        workerEntries.add(relative(distDir, target));
    }
  }
  const workerClosure = [...staticClosure([...workerEntries], distDir)].filter(
    (f) => !entryClosure.has(f) && f !== firstTab && !tabClosure.includes(f),
  );
  const firstTabStyles = readdirSync(join(distDir, 'assets'))
    .filter((f) => f.startsWith(`${firstTabChunk}-`) && f.endsWith('.css'))
    .map((f) => join('assets', f));

  const roleOf = (file) => {
    if (entries.includes(file)) return 'first visit: entry';
    if (entryClosure.has(file)) return 'first visit: entry import';
    if (file === firstTab) return 'first visit: default tab';
    if (tabClosure.includes(file)) return 'first visit: default tab import';
    if (workerClosure.includes(file)) return 'first visit: worker';
    if (registrationClosure.includes(file)) return 'first visit: service worker registration';
    if (styles.includes(file) || firstTabStyles.includes(file)) return 'first visit: stylesheet';
    return 'lazy';
  };
  const files = readdirSync(join(distDir, 'assets'))
    .filter((f) => f.endsWith('.js') || f.endsWith('.css'))
    .map((f) => join('assets', f));
  const chunks = files
    .map((file) => {
      const bytes = readFileSync(join(distDir, file));
      return {
        file,
        rawBytes: bytes.length,
        gzipBytes: gzipSync(bytes).length,
        role: roleOf(file),
      };
    })
    .sort((a, b) => ROLES.indexOf(a.role) - ROLES.indexOf(b.role) || b.gzipBytes - a.gzipBytes);
  const js = chunks.filter((c) => c.file.endsWith('.js'));
  const firstVisit = [
    ...entryClosure,
    firstTab,
    ...tabClosure,
    ...workerClosure,
    ...registrationClosure.filter((f) => !workerClosure.includes(f)),
  ];
  const firstVisitChunks = js.filter((c) => firstVisit.includes(c.file));
  const sum = (list, key) => list.reduce((total, c) => total + c[key], 0);
  return {
    chunks,
    firstVisit,
    firstVisitRawBytes: sum(firstVisitChunks, 'rawBytes'),
    firstVisitGzipBytes: sum(firstVisitChunks, 'gzipBytes'),
    totalRawBytes: sum(js, 'rawBytes'),
    totalGzipBytes: sum(js, 'gzipBytes'),
    serviceWorker: serviceWorkerOf(distDir),
  };
}

/** Name prefix of the chunk that registers the service worker (src/app/sw-registration.ts). */
const SW_REGISTRATION = 'sw-registration';

/**
 * The service worker a build ships (vite-plugin-pwa's sw.js and its workbox
 * runtime) and how much it precaches: not part of the first visit's budget
 * (the browser installs it in the background once the page has loaded).
 * Null when the build has none.
 */
function serviceWorkerOf(distDir) {
  const sw = join(distDir, 'sw.js');
  if (!existsSync(sw)) return null;
  const code = readFileSync(sw, 'utf8');
  const runtime = readdirSync(distDir).filter((f) => /^workbox-[\w-]+\.js$/.test(f));
  const files = ['sw.js', ...runtime];
  const precached = [...code.matchAll(/url:"([^"]+)"/g)]
    .map((m) => m[1] ?? '')
    .filter((u, i, all) => all.indexOf(u) === i && existsSync(join(distDir, u)));
  const gzip = (f) => gzipSync(readFileSync(join(distDir, f))).length;
  return {
    files,
    gzipBytes: files.reduce((total, f) => total + gzip(f), 0),
    precachedFiles: precached.length,
    precachedGzipBytes: precached.reduce((total, f) => total + gzip(f), 0),
  };
}

const kB = (bytes) => `${(bytes / 1000).toFixed(2)} kB`;

function main() {
  const args = process.argv.slice(2);
  const option = (name, fallback) => {
    const i = args.indexOf(name);
    return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
  };
  const distDir = resolve(option('--dist', join(ROOT, 'dist')));
  const budgetBytes = Number(option('--budget-kb', '200')) * 1000;
  if (!existsSync(join(distDir, 'index.html'))) {
    console.error(`${distDir}/index.html not found: run \`npm run build\` first`);
    return 1;
  }
  const report = analyseBundle(distDir, { firstTabChunk: option('--first-tab', 'GatePanel') });
  const width = Math.max(5, ...report.chunks.map((c) => c.file.length));
  console.log(`${'chunk'.padEnd(width)}  ${'raw'.padStart(11)}  ${'gzip'.padStart(11)}  loaded`);
  for (const c of report.chunks) {
    console.log(
      `${c.file.padEnd(width)}  ${kB(c.rawBytes).padStart(11)}  ${kB(c.gzipBytes).padStart(11)}  ${c.role}`,
    );
  }
  const line = (label, raw, gzip) =>
    console.log(`${label.padEnd(width)}  ${kB(raw).padStart(11)}  ${kB(gzip).padStart(11)}`);
  console.log('');
  line('JavaScript, first visit', report.firstVisitRawBytes, report.firstVisitGzipBytes);
  line('JavaScript, all chunks', report.totalRawBytes, report.totalGzipBytes);
  if (report.serviceWorker !== null) {
    const w = report.serviceWorker;
    console.log(
      `service worker (${w.files.join(', ')}): ${kB(w.gzipBytes)} gzipped, precaching ` +
        `${w.precachedFiles} files (${kB(w.precachedGzipBytes)} gzipped) in the background ` +
        'after the first visit; not counted in the first visit',
    );
  }
  const ok = report.firstVisitGzipBytes <= budgetBytes;
  console.log(
    `first visit: ${kB(report.firstVisitGzipBytes)} gzipped of a ${kB(budgetBytes)} budget — ` +
      (ok ? 'OK' : `OVER BUDGET by ${kB(report.firstVisitGzipBytes - budgetBytes)}`),
  );
  return ok ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  try {
    process.exitCode = main();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
