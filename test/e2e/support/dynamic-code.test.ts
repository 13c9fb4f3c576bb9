// @vitest-environment node
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SourceMapConsumer } from 'source-map-js';
import { describe, expect, it } from 'vitest';
import { libraryOf, originalPosition, scanForDynamicCode } from './dynamic-code.mjs';

describe('originalPosition', () => {
  // Generated line 1: "AAAA" maps column 0 to a.ts:1:0. Line 2: "AACA,IAAI"
  // maps column 0 to a.ts:2:0 and column 4 to a.ts:2:4.
  const consumer = new SourceMapConsumer({
    version: '3',
    file: 'out.js',
    sources: ['../src/a.ts'],
    names: [],
    mappings: 'AAAA;AACA,IAAI',
  });

  it('maps a column to the mapping at or before it, on the same line', () => {
    expect(originalPosition(consumer, 0, 0)).toEqual({ source: '../src/a.ts', line: 1 });
    expect(originalPosition(consumer, 1, 2)).toEqual({ source: '../src/a.ts', line: 2 });
    expect(originalPosition(consumer, 1, 9)).toEqual({ source: '../src/a.ts', line: 2 });
  });

  it('gives null for a line without mappings', () => {
    expect(originalPosition(consumer, 5, 0)).toBeNull();
  });
});

describe('libraryOf', () => {
  it.each([
    ['../node_modules/zod/v4/core/util.js:229', 'zod'],
    ['../node_modules/@scope/pkg/index.js', '@scope/pkg'],
    ['../../node_modules/.pnpm/x/node_modules/decimal.js-light/decimal.js', 'decimal.js-light'],
    ['../src/features/gate/GatePanel.tsx:10', null],
  ])('%s → %s', (path, expected) => {
    expect(libraryOf(path)).toBe(expected);
  });
});

describe('scanForDynamicCode', () => {
  it('finds eval, Function and new Function calls, not look-alikes', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cce-scan-'));
    try {
      writeFileSync(
        join(dir, 'a.js'),
        'a.eval(1);evaluate(2);myFunction(3);\neval("x");new Function("y");Function(`z`)();',
      );
      writeFileSync(join(dir, 'b.css'), 'eval(1)');
      const hits = scanForDynamicCode(dir);
      expect(hits.map((h) => [h.call, h.line, h.column])).toEqual([
        ['eval', 1, 0],
        ['new Function', 1, 10],
        ['Function', 1, 28],
      ]);
      expect(hits.every((h) => h.file === 'a.js')).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
