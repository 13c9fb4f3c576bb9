/**
 * The conformance command (SPEC §7):
 *   npm run --silent conformance -- FILE...
 * Prints a line per failing case and ends with `N passed, M failed`; exits
 * non-zero on any failure or unreadable file.
 */
import { readFileSync } from 'node:fs';
import { asVectorFile, checkCase } from '../src/conformance/run-case.ts';

const files = process.argv.slice(2).filter((arg) => arg !== '--');
let passed = 0;
let failed = 0;
let unreadable = 0;

if (files.length === 0) {
  console.error('usage: npm run --silent conformance -- FILE...');
  process.exit(2);
}

const show = (value: unknown): string => {
  const text = JSON.stringify(value);
  return text === undefined ? 'undefined' : text.length > 300 ? `${text.slice(0, 300)}…` : text;
};

for (const file of files) {
  let vectors;
  try {
    vectors = asVectorFile(JSON.parse(readFileSync(file, 'utf8')));
  } catch (error) {
    unreadable += 1;
    console.log(`${file}: unreadable: ${error instanceof Error ? error.message : String(error)}`);
    continue;
  }
  for (const c of vectors.cases) {
    const mismatch = checkCase(vectors.kind, c);
    if (mismatch === null) {
      passed += 1;
    } else {
      failed += 1;
      console.log(
        `${file}: ${c.name}: at ${mismatch.path}: expected ${show(mismatch.expected)}, got ${show(mismatch.actual)}`,
      );
    }
  }
}

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || unreadable > 0 ? 1 : 0);
