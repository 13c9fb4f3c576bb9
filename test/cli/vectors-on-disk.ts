/**
 * A golden vector's files and prices written to a temporary folder, and the
 * command run in it, for the command line's tests.
 */
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll } from 'vitest';
import { runCli } from '../../src/cli/run.ts';

interface VectorFile {
  readonly name: string;
  readonly text: string;
  readonly source?: string;
}
export interface VectorCase {
  readonly name: string;
  readonly input: Record<string, unknown> & { readonly files: readonly VectorFile[] };
  readonly expect: Record<string, unknown>;
}

const folders: string[] = [];
afterAll(async () => {
  await Promise.all(folders.map((f) => rm(f, { recursive: true, force: true })));
});

/** The case's files and prices on disk, and the arguments that read them. */
export async function onDisk(input: VectorCase['input']): Promise<{ cwd: string; args: string[] }> {
  const cwd = await mkdtemp(join(tmpdir(), 'cce-vector-'));
  folders.push(cwd);
  const args: string[] = [];
  for (const file of input.files) {
    // Each file given by the name the case gives it, in the case's order.
    const path = join(cwd, file.name);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, file.text);
    args.push(
      ...(file.source === undefined ? [file.name] : ['--source', `${file.source}=${file.name}`]),
    );
  }
  if (input['pricing'] !== undefined) {
    await writeFile(join(cwd, 'prices.json'), JSON.stringify(input['pricing']));
    args.push('--prices', 'prices.json');
  }
  return { cwd, args };
}

export async function run(args: string[], cwd: string) {
  let stdout = '';
  let stderr = '';
  const status = await runCli(args, {
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
    stderrIsTty: false,
    cwd,
  });
  return { status, stdout, stderr };
}

// JSON.parse, not a JSON import: a case names a model `__proto__`, which must stay an own key.
export function casesOf(...names: string[]): VectorCase[] {
  return names.flatMap((name) => {
    const url = new URL(`../fixtures/conformance/${name}`, import.meta.url);
    return (JSON.parse(readFileSync(url, 'utf8')) as { cases: VectorCase[] }).cases;
  });
}
