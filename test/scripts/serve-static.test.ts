// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  normaliseBasePath,
  resolveRequestPath,
  serveStaticOnFreePort,
  type StaticServer,
} from '../../scripts/serve-static.mjs';

const ROOT = '/srv/site';

describe('normaliseBasePath', () => {
  it.each([
    ['', '/'],
    ['/', '/'],
    ['app', '/app/'],
    ['/app', '/app/'],
    ['/app/', '/app/'],
    ['//a/b//', '/a/b/'],
  ])('%j → %j', (input, expected) => {
    expect(normaliseBasePath(input)).toBe(expected);
  });
});

describe('resolveRequestPath', () => {
  it.each([
    ['/', '/', `${ROOT}/index.html`],
    ['/', '/assets/a.js', `${ROOT}/assets/a.js`],
    ['/app/', '/app/', `${ROOT}/index.html`],
    ['/app/', '/app/assets/a.js', `${ROOT}/assets/a.js`],
    ['/app/', '//app//assets/a.js', `${ROOT}/assets/a.js`],
    ['/app/', '/assets/a.js', null],
    ['/app/', '/other/index.html', null],
    ['/', '/../etc/passwd', null],
    ['/app/', '/app/%2e%2e/%2e%2e/etc/passwd', null],
    ['/', '/%E0%A4%A', null],
  ])('base %s, request %s → %s', (base, path, expected) => {
    expect(resolveRequestPath(ROOT, base, path)).toBe(expected);
  });
});

describe('serveStatic under a sub-path', () => {
  let dir = '';
  let server: StaticServer;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cce-serve-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>t</title>');
    writeFileSync(join(dir, 'assets', 'a.js'), 'export {};');
    server = await serveStaticOnFreePort(
      { root: dir, basePath: '/site/' },
      [4319, 4318, 4317, 4316, 4315],
    );
  });

  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves the page and its assets with their types', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:43\d\d\/site\/$/);
    const page = await fetch(server.url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const script = await fetch(new URL('assets/a.js', server.url));
    expect(script.headers.get('content-type')).toContain('text/javascript');
    expect(await script.text()).toBe('export {};');
  });

  it('answers 404 outside the sub-path and redirects the bare sub-path', async () => {
    const origin = new URL(server.url).origin;
    expect((await fetch(`${origin}/assets/a.js`)).status).toBe(404);
    expect((await fetch(`${origin}/site/missing.js`)).status).toBe(404);
    const bare = await fetch(`${origin}/site`, { redirect: 'manual' });
    expect(bare.status).toBe(301);
    expect(bare.headers.get('location')).toBe('/site/');
  });
});
