// The trace fixtures as the import sees them: files with their paths.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TrafficSource } from '../../../src/engine/traces/read-file.ts';

export const TRACE_FIXTURES = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '../../fixtures/traces',
);

/** Every fixture file, by path, in code-point order. */
export function fixturePaths(dir = TRACE_FIXTURES): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...fixturePaths(path));
    else out.push(path);
  }
  return out;
}

export function sourceOf(path: string): TrafficSource {
  const name = relative(TRACE_FIXTURES, path);
  return { name, file: new File([readFileSync(path)], name.split('/').pop()!) };
}

export function textSource(name: string, text: string): TrafficSource {
  return { name, file: new File([text], name) };
}
