// @vitest-environment node
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeMappings, libraryOf, scanForDynamicCode } from './runner-scan.mjs';

describe('decodeMappings', () => {
  it('decodes absolute positions across segments and lines', () => {
    expect(decodeMappings('AAAA;AACA,IAAI')).toEqual([
      [[0, 0, 0, 0]],
      [
        [0, 0, 1, 0],
        [4, 0, 1, 4],
      ],
    ]);
  });

  it('decodes multi-digit and negative values, and skips empty lines and 1-field segments', () => {
    // gB = 16; D = -1; "A" alone maps no source.
    expect(decodeMappings('gBCAA,A;;CADD')).toEqual([[[16, 1, 0, 0]], [], [[1, 1, -1, -1]]]);
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
