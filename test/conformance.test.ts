// @vitest-environment node
/**
 * The golden vectors (SPEC §7): every case of every file in
 * test/fixtures/conformance/ through the shared harness, and the conformance
 * command itself, run as a user runs it.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  asVectorFile,
  checkCase,
  type VectorCase,
  type VectorKind,
} from '../src/conformance/run-case.ts';

const ROOT = resolve(import.meta.dirname, '..');
const FIXTURES = join(ROOT, 'test', 'fixtures', 'conformance');
const FILES = readdirSync(FIXTURES)
  .filter((name) => name.endsWith('.json'))
  .sort();

const CASES: Array<[string, string, VectorKind, VectorCase]> = FILES.flatMap((file) => {
  const vectors = asVectorFile(JSON.parse(readFileSync(join(FIXTURES, file), 'utf8')));
  return vectors.cases.map((c): [string, string, VectorKind, VectorCase] => [
    file,
    c.name,
    vectors.kind,
    c,
  ]);
});

describe('golden vectors', () => {
  it('covers every kind in SPEC §7', () => {
    const kinds = new Set(CASES.map(([, , kind]) => kind));
    for (const kind of [
      'gate',
      'budget',
      'estimate',
      'hopIndex',
      'resolve',
      'simulate',
      'population',
      'litellm',
      'trace',
      'replay',
    ])
      expect(kinds, kind).toContain(kind);
    expect(CASES.length).toBeGreaterThanOrEqual(357 + 35);
  });

  // The copies are the spec's files, never edited: where the spec's folder is
  // beside the project (as on CI), every copy must be byte-identical to it.
  const SPEC_VECTORS = resolve(ROOT, '..', 'shared', 'spec', 'vectors');
  const specHas = (file: string) => {
    try {
      readFileSync(join(SPEC_VECTORS, file));
      return true;
    } catch {
      return false;
    }
  };
  it.each(FILES.filter(specHas))('%s is byte-identical to the spec’s copy', (file) => {
    expect(readFileSync(join(FIXTURES, file)).equals(readFileSync(join(SPEC_VECTORS, file)))).toBe(
      true,
    );
  });

  it.each(CASES)('%s: %s', (_file, _name, kind, c) => {
    expect(checkCase(kind, c)).toBeNull();
  });
});

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

function conformance(...files: string[]): Promise<Run> {
  return new Promise((done) => {
    execFile(
      'npx',
      ['tsx', 'scripts/conformance.ts', ...files],
      { cwd: ROOT, timeout: 100_000, env: { ...process.env, NO_COLOR: '1' } },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : null;
        done({ code, stdout, stderr });
      },
    );
  });
}

const lastLine = (text: string) => text.trimEnd().split('\n').at(-1);

// Three processes in all, run side by side: tsx takes most of a second to start.
describe.concurrent('the conformance command', { timeout: 120_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'conformance-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('passes a good fixture and exits 0', async () => {
    const file = join(FIXTURES, 'gate-worked-examples.json');
    const count = asVectorFile(JSON.parse(readFileSync(file, 'utf8'))).cases.length;
    const run = await conformance(file);
    expect(run.code).toBe(0);
    expect(lastLine(run.stdout)).toBe(`${count} passed, 0 failed`);
  });

  it('fails a case whose expected value is wrong, naming the case and the path', async () => {
    const good = asVectorFile(
      JSON.parse(readFileSync(join(FIXTURES, 'gate-worked-examples.json'), 'utf8')),
    );
    const [first, second] = good.cases as [VectorCase, VectorCase];
    const wrong: VectorCase = {
      ...first,
      name: 'deliberately wrong net saving',
      expect: { ...(first.expect as Record<string, unknown>), netSavingUsd: 1.5 },
    };
    const file = join(dir, 'wrong.json');
    writeFileSync(file, JSON.stringify({ kind: 'gate', cases: [second, wrong] }));
    const run = await conformance(file);
    expect(run.code).not.toBe(0);
    expect(run.stdout).toContain('deliberately wrong net saving');
    expect(run.stdout).toContain('$.netSavingUsd');
    expect(run.stdout).toContain(file);
    expect(lastLine(run.stdout)).toBe('1 passed, 1 failed');
  });

  it('fails on an unreadable or non-JSON file', async () => {
    const garbage = join(dir, 'garbage.json');
    writeFileSync(garbage, '{ this is not JSON');
    const missing = join(dir, 'missing.json');
    const run = await conformance(garbage, missing);
    expect(run.code).not.toBe(0);
    expect(run.stdout).toContain(`${garbage}: unreadable`);
    expect(run.stdout).toContain(`${missing}: unreadable`);
    expect(lastLine(run.stdout)).toBe('0 passed, 0 failed');
  });
});
