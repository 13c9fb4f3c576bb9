// A tiny reporter that runs after the list reporter: it prints what tests
// noted (`ctx.log`, console errors: annotations "note" and "console error")
// and ends the output with one line `N passed, M failed`, which .ci/run shows.
// A test that passed on a retry counts as passed (the list reporter calls it
// flaky); a run that failed outside any test (a file that does not load, a
// failed global setup) never reports "0 failed".

import { mkdirSync, writeFileSync } from 'node:fs';

import type {
  FullResult,
  Reporter,
  TestCase,
  TestError,
  TestResult,
} from '@playwright/test/reporter';

const NOTE_TYPES = new Set(['note', 'console error']);

export default class SummaryReporter implements Reporter {
  private readonly tests = new Map<TestCase, TestResult>();
  private errors = 0;

  printsToStdio(): boolean {
    return true;
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    this.tests.set(test, result);
  }

  onError(_error: TestError): void {
    this.errors += 1;
  }

  onEnd(result: FullResult): void {
    let passed = 0;
    let failed = 0;
    const notes: string[] = [];
    const failures: string[] = [];
    for (const [test, last] of this.tests) {
      const outcome = test.outcome();
      if (outcome === 'expected' || outcome === 'flaky') passed += 1;
      else if (outcome === 'unexpected') {
        failed += 1;
        const firstLine = (last.error?.message ?? last.status).split('\n').find(Boolean) ?? '';
        // eslint-disable-next-line no-control-regex -- strip terminal colour codes
        const plain = firstLine.replace(/\u001b\[[0-9;]*m/g, '').slice(0, 200);
        failures.push(`e2e FAIL ${test.titlePath().filter(Boolean).join(' › ')}: ${plain}`);
      }
      const lines = last.annotations
        .filter((a) => NOTE_TYPES.has(a.type))
        .map((a) => `    ${a.type === 'note' ? '' : `${a.type}: `}${a.description ?? ''}`);
      if (lines.length > 0)
        notes.push(`  ${test.titlePath().filter(Boolean).join(' › ')}`, ...lines);
    }
    if (notes.length > 0) console.log(['', 'notes:', ...notes].join('\n'));
    if (result.status !== 'passed' && failed === 0) failed = Math.max(1, this.errors);
    console.log(`${passed} passed, ${failed} failed`);
    // .ci/run repeats these lines in its final summary, the part of a run that is kept.
    mkdirSync('test-results', { recursive: true });
    writeFileSync('test-results/e2e-failures.txt', failures.map((f) => `${f}\n`).join(''));
  }
}
