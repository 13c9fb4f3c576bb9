// Finding string-to-code evaluation (eval, Function) in the built JavaScript
// and telling which source file — ours or a library's — each use came from,
// by rebuilding once with source maps and mapping the position back.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';

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

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/**
 * Decodes a source map's `mappings` into, per generated line, segments
 * `[generatedColumn, sourceIndex, sourceLine, sourceColumn]` (absolute).
 * @param {string} mappings
 * @returns {number[][][]}
 */
export function decodeMappings(mappings) {
  const lines = [];
  let sourceIndex = 0;
  let sourceLine = 0;
  let sourceColumn = 0;
  for (const lineText of mappings.split(';')) {
    const segments = [];
    let generatedColumn = 0;
    for (const segmentText of lineText.split(',')) {
      if (segmentText === '') continue;
      const fields = [];
      let value = 0;
      let shift = 0;
      for (const char of segmentText) {
        const digit = BASE64.indexOf(char);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      generatedColumn += fields[0] ?? 0;
      if (fields.length >= 4) {
        sourceIndex += fields[1] ?? 0;
        sourceLine += fields[2] ?? 0;
        sourceColumn += fields[3] ?? 0;
        segments.push([generatedColumn, sourceIndex, sourceLine, sourceColumn]);
      }
    }
    lines.push(segments);
  }
  return lines;
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
        const map = JSON.parse(readFileSync(join(assetsDir, `${file}.map`), 'utf8'));
        maps.set(file, { sources: map.sources, lines: decodeMappings(map.mappings) });
      }
      return maps.get(file);
    };
    const attributed = hits.map((hit) => {
      // Same chunk name first; chunk hashes change when any source changed.
      const twin =
        mapped.find((m) => m.file === hit.file && m.context === hit.context) ??
        mapped.find((m) => m.context === hit.context);
      if (!twin) return hit;
      const { sources, lines } = mapFor(twin.file);
      const segments = lines[twin.line] ?? [];
      let best = null;
      for (const segment of segments) {
        if ((segment[0] ?? 0) <= twin.column) best = segment;
        else break;
      }
      if (!best) return hit;
      // Source paths are relative to the map's directory: make them project-relative.
      const path = relative(projectRoot, resolve(assetsDir, sources[best[1] ?? 0] ?? '?'));
      const source = `${path}:${(best[2] ?? 0) + 1}`;
      return { ...hit, source, library: libraryOf(source) };
    });
    return { hits: attributed, buildError: null };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}
