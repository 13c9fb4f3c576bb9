#!/usr/bin/env node
// A tiny static file server for the built site, with no dependencies.
//
// It serves a directory (dist/ by default) either at the root or ONLY under a
// sub-path such as /context-cost-explorer/ — the way GitHub Pages serves a
// project site — so the end-to-end tests can prove that the build works from
// a sub-path (a stray absolute "/assets/..." URL would 404 there).
//
//   node scripts/serve-static.mjs [--base /context-cost-explorer/] [--port 4310] [dir]

import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';

const MIME_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/**
 * Normalises a base path to the form "/" or "/name/".
 * @param {string} basePath
 * @returns {string}
 */
export function normaliseBasePath(basePath) {
  const trimmed = basePath.replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? '/' : `/${trimmed}/`;
}

/**
 * Maps a request path to a file inside `root`, or null when the path is
 * outside the base path or tries to leave the root directory.
 * @param {string} root absolute directory
 * @param {string} basePath "/" or "/name/"
 * @param {string} urlPath the request's path (no query, no hash)
 * @returns {string | null}
 */
export function resolveRequestPath(root, basePath, urlPath) {
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  // Tolerate "//" from a base URL joined with a leading slash.
  const path = decoded.replace(/\/{2,}/g, '/');
  if (!path.startsWith(basePath)) return null;
  const relative = path.slice(basePath.length);
  const file = normalize(
    join(root, relative === '' || relative.endsWith('/') ? `${relative}index.html` : relative),
  );
  if (file !== root && !file.startsWith(root + sep)) return null;
  return file;
}

/**
 * Starts serving `root` under `basePath`. Requests outside the base path get
 * 404, except that the bare base without its trailing slash redirects to it.
 * @param {{ root: string, basePath?: string, port?: number, host?: string }} options
 * @returns {Promise<{ url: string, port: number, close: () => Promise<void> }>}
 */
export async function serveStatic({ root, basePath = '/', port = 0, host = '127.0.0.1' }) {
  const absoluteRoot = resolve(root);
  const base = normaliseBasePath(basePath);
  const server = createServer(async (req, res) => {
    const urlPath = (req.url ?? '/').split(/[?#]/, 1)[0] ?? '/';
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    if (base !== '/' && urlPath === base.slice(0, -1)) {
      res.writeHead(301, { Location: base }).end();
      return;
    }
    const file = resolveRequestPath(absoluteRoot, base, urlPath);
    const info = file ? await stat(file).catch(() => null) : null;
    if (!file || !info?.isFile()) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    res.writeHead(200, {
      'Content-Type': MIME_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
      'Content-Length': info.size,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    });
    if (req.method === 'HEAD') res.end();
    else createReadStream(file).pipe(res);
  });
  await new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolvePromise(undefined);
    });
  });
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  return {
    url: `http://${host}:${actualPort}${base}`,
    port: actualPort,
    close: () =>
      new Promise((resolveClose) => {
        server.closeAllConnections?.();
        server.close(() => resolveClose(undefined));
      }),
  };
}

/**
 * Serves on the first free port of `ports`.
 * @param {{ root: string, basePath?: string, host?: string }} options
 * @param {number[]} ports
 */
export async function serveStaticOnFreePort(options, ports) {
  let lastError;
  for (const port of ports) {
    try {
      return await serveStatic({ ...options, port });
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EADDRINUSE') throw error;
      lastError = error;
    }
  }
  throw new Error(`no free port in ${ports[0]}-${ports.at(-1)}: ${String(lastError)}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const args = process.argv.slice(2);
  const option = (name, fallback) => {
    const i = args.indexOf(name);
    if (i < 0) return fallback;
    const [value] = args.splice(i, 2).slice(1);
    return value ?? fallback;
  };
  const basePath = option('--base', '/');
  const port = Number(option('--port', '4310'));
  const root = args[0] ?? 'dist';
  const { url } = await serveStatic({ root, basePath, port });
  console.log(`serving ${root} at ${url} (Ctrl+C to stop)`);
}
