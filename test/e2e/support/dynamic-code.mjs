// Finding string-to-code evaluation (eval, Function) in the built JavaScript
// and telling which source file — ours or a library's — each use came from,
// by rebuilding once with source maps and mapping the position back
// (source-map-js decodes the maps).

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { SourceMapConsumer } from 'source-map-js';

/** eval(…), Function(…) and new Function(…), not as a property (x.eval). */
const DYNAMIC_CODE = /(?<![\w$.])(eval|(?:new\s+)?Function)\s*\(/g;

/**
 * @typedef {{ file: string, offset: number, line: number, column: number,
 *             call: string, context: string, source?: string, library?: string | null }} DynamicCodeHit
 */

/**
 * Every eval / Function call in the .js files of `assetsDir`.
 * @param {string} assetsDir
 * @returns {DynamicCodeHit[]}
 */
export function scanForDynamicCode(assetsDir) {
  const hits = [];
  for (const file of readdirSync(assetsDir)
    .filter((f) => f.endsWith('.js'))
    .sort()) {
    const code = readFileSync(join(assetsDir, file), 'utf8');
    for (const match of code.matchAll(DYNAMIC_CODE)) {
      const offset = match.index ?? 0;
      const before = code.slice(0, offset);
      const line = before.split('\n').length - 1;
      const column = offset - (before.lastIndexOf('\n') + 1);
      hits.push({
        file,
        offset,
        line,
        column,
        call: (match[1] ?? '').replace(/\s+/g, ' '),
        context: code.slice(Math.max(0, offset - 40), offset + 60).replace(/\s+/g, ' '),
      });
    }
  }
  return hits;
}

/**
 * The original position of a generated position, through a source map
 * (decoded by source-map-js): the mapping at or before the column on that
 * line, as `{ source, line }` with a 1-based line, or null when none maps.
 * @param {import('source-map-js').SourceMapConsumer} consumer
 * @param {number} line 0-based generated line
 * @param {number} column 0-based generated column
 * @returns {{ source: string, line: number } | null}
 */
export function originalPosition(consumer, line, column) {
  const found = consumer.originalPositionFor({
    line: line + 1,
    column,
    bias: SourceMapConsumer.GREATEST_LOWER_BOUND,
  });
  return found.source === null || found.line === null
    ? null
    : { source: found.source, line: found.line };
}

/** The npm package a source path belongs to, or null for our own code. */
export function libraryOf(sourcePath) {
  // The last node_modules segment names the package (pnpm nests them).
  const matches = [
    ...sourcePath.replace(/\\/g, '/').matchAll(/node_modules\/((?:@[^/]+\/)?[^/]+)/g),
  ];
  return matches.at(-1)?.[1] ?? null;
}

/**
 * Attributes each hit in `distDir/assets` to a source file: builds the
 * project once more with source maps into a temporary directory (same code,
 * plus maps), finds the same call there by its surrounding text, and maps it
 * back. Hits that cannot be matched keep `source` undefined.
 * @param {DynamicCodeHit[]} hits
 * @param {string} projectRoot the folder with vite.config.ts
 * @returns {{ hits: DynamicCodeHit[], buildError: string | null }}
 */
export function attributeHits(hits, projectRoot) {
  if (hits.length === 0) return { hits, buildError: null };
  const outDir = mkdtempSync(join(tmpdir(), 'cce-sourcemap-'));
  try {
    const build = spawnSync(
      'npx',
      ['vite', 'build', '--sourcemap', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'],
      { cwd: projectRoot, encoding: 'utf8' },
    );
    if (build.status !== 0) return { hits, buildError: build.stderr || 'vite build failed' };
    const assetsDir = join(outDir, 'assets');
    const mapped = scanForDynamicCode(assetsDir);
    const maps = new Map();
    const mapFor = (file) => {
      if (!maps.has(file)) {
        const raw = JSON.parse(readFileSync(join(assetsDir, `${file}.map`), 'utf8'));
        maps.set(file, new SourceMapConsumer(raw));
      }
      return maps.get(file);
    };
    const attributed = hits.map((hit) => {
      // Same chunk name first; chunk hashes change when any source changed.
      const twin =
        mapped.find((m) => m.file === hit.file && m.context === hit.context) ??
        mapped.find((m) => m.context === hit.context);
      if (!twin) return hit;
      const original = originalPosition(mapFor(twin.file), twin.line, twin.column);
      if (!original) return hit;
      // Source paths are relative to the map's directory: make them project-relative.
      const path = relative(projectRoot, resolve(assetsDir, original.source));
      const source = `${path}:${original.line}`;
      return { ...hit, source, library: libraryOf(source) };
    });
    return { hits: attributed, buildError: null };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}
