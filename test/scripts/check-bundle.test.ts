// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { analyseBundle } from '../../scripts/check-bundle.mjs';

const dirs: string[] = [];

/** Writes a fake Vite build: file name → contents. */
function fakeBuild(files: Record<string, string>): string {
  const dist = mkdtempSync(join(tmpdir(), 'cce-bundle-'));
  dirs.push(dist);
  mkdirSync(join(dist, 'assets'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dist, name), text);
  return dist;
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

// Shaped like Vite 8 (rolldown) output: minified static imports, template-string
// dynamic imports, modulepreload links, and strings that only look like imports.
const BUILD = {
  'index.html':
    '<!doctype html><html><head>' +
    '<script type="module" crossorigin src="./assets/index-A.js"></script>' +
    '<link rel="modulepreload" crossorigin href="./assets/vendor-B.js">' +
    '<link rel="stylesheet" crossorigin href="./assets/index-A.css">' +
    '</head><body></body></html>',
  'assets/index-A.js':
    'import{t as e}from"./vendor-B.js";const g=()=>import(`./GatePanel-C.js`),' +
    'b=()=>import(`./BudgetPanel-D.js`),s="import(\'./missing.js\')";export{e as t};',
  'assets/vendor-B.js': `var x=${JSON.stringify('v'.repeat(5000))};export{x as t};`,
  'assets/GatePanel-C.js':
    'import{t}from"./index-A.js";import{c}from"./charts-E.js";export default c;',
  'assets/GatePanel-C.css': '.gate{color:red}',
  'assets/BudgetPanel-D.js': 'import{c}from"./charts-E.js";import"./budget-F.js";export default c;',
  'assets/charts-E.js': 'export const c=1;',
  'assets/budget-F.js': 'export const f=2;',
  'assets/index-A.css': 'body{margin:0}',
};

describe('analyseBundle', () => {
  it('counts the entry, its static imports and the default tab with its imports as the first visit', () => {
    const report = analyseBundle(fakeBuild(BUILD));
    expect([...report.firstVisit].sort()).toEqual([
      'assets/GatePanel-C.js',
      'assets/charts-E.js',
      'assets/index-A.js',
      'assets/vendor-B.js',
    ]);
  });

  it.each([
    ['assets/index-A.js', 'first visit: entry'],
    ['assets/vendor-B.js', 'first visit: entry import'],
    ['assets/GatePanel-C.js', 'first visit: default tab'],
    ['assets/charts-E.js', 'first visit: default tab import'],
    ['assets/index-A.css', 'first visit: stylesheet'],
    ['assets/GatePanel-C.css', 'first visit: stylesheet'],
    ['assets/BudgetPanel-D.js', 'lazy'],
    ['assets/budget-F.js', 'lazy'],
  ])('labels %s as %s', (file, role) => {
    const report = analyseBundle(fakeBuild(BUILD));
    expect(report.chunks.find((c) => c.file === file)?.role).toBe(role);
  });

  it('counts a worker the default tab starts, with its imports, as the first visit', () => {
    const report = analyseBundle(
      fakeBuild({
        ...BUILD,
        'assets/charts-E.js':
          'const w=new Worker(new URL(new URL(`worker-G.js`,import.meta.url).href,``+import.meta.url),{type:`module`});export const c=1;',
        'assets/worker-G.js': 'import{q}from"./worker-dep-H.js";self.onmessage=q;',
        'assets/worker-dep-H.js': 'export const q=()=>0;',
        'assets/BudgetPanel-D.js':
          'const w=new Worker(new URL(`./budget-worker-I.js`,import.meta.url));export default w;',
        'assets/budget-worker-I.js': 'self.onmessage=()=>0;',
      }),
    );
    const role = (file: string) => report.chunks.find((c) => c.file === file)?.role;
    expect(role('assets/worker-G.js')).toBe('first visit: worker');
    expect(role('assets/worker-dep-H.js')).toBe('first visit: worker');
    // A worker only another tab starts is not part of the first visit.
    expect(role('assets/budget-worker-I.js')).toBe('lazy');
    expect(report.firstVisit).toContain('assets/worker-G.js');
  });

  it('sums JavaScript only, first visit within the total', () => {
    const report = analyseBundle(fakeBuild(BUILD));
    const js = report.chunks.filter((c) => c.file.endsWith('.js'));
    expect(report.totalRawBytes).toBe(js.reduce((t, c) => t + c.rawBytes, 0));
    expect(report.firstVisitRawBytes).toBeLessThan(report.totalRawBytes);
    expect(report.firstVisitGzipBytes).toBeGreaterThan(0);
    // The repetitive vendor chunk compresses well.
    const vendor = report.chunks.find((c) => c.file === 'assets/vendor-B.js');
    expect(vendor?.gzipBytes).toBeLessThan((vendor?.rawBytes ?? 0) / 10);
  });

  it('refuses to guess when the default tab chunk is missing', () => {
    const dist = fakeBuild(BUILD);
    expect(() => analyseBundle(dist, { firstTabChunk: 'RoutingPanel' })).toThrow(
      /no lazily imported chunk named RoutingPanel/,
    );
  });

  it('counts the service worker registration as the first visit, and the worker itself apart', () => {
    const report = analyseBundle(
      fakeBuild({
        ...BUILD,
        'assets/index-A.js':
          'const g=()=>import(`./GatePanel-C.js`),r=()=>import(`./sw-registration-J.js`);export{};',
        'assets/sw-registration-J.js':
          'import{t}from"./index-A.js";const w=()=>import(`./workbox-window.prod.es5-K.js`);w();',
        'assets/workbox-window.prod.es5-K.js': 'export const W=()=>0;',
        'sw.js':
          'define(["./workbox-L"],function(e){e.precacheAndRoute([{url:"index.html"},{url:"assets/BudgetPanel-D.js"}])});',
        'workbox-L.js': 'self.x=1;',
      }),
    );
    const role = (file: string) => report.chunks.find((c) => c.file === file)?.role;
    expect(role('assets/sw-registration-J.js')).toBe('first visit: service worker registration');
    expect(role('assets/workbox-window.prod.es5-K.js')).toBe(
      'first visit: service worker registration',
    );
    expect(report.firstVisit).toContain('assets/workbox-window.prod.es5-K.js');
    expect(report.serviceWorker).toMatchObject({
      files: ['sw.js', 'workbox-L.js'],
      precachedFiles: 2,
    });
    expect(analyseBundle(fakeBuild(BUILD)).serviceWorker).toBeNull();
  });
});
