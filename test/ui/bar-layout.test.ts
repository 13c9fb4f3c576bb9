import { describe, expect, it } from 'vitest';
import {
  stackSegments,
  textWidth,
  truncateLabel,
  valueExtent,
  wrapLabel,
} from '../../src/ui/charts/bar-layout.ts';

describe('stackSegments', () => {
  it.each([
    {
      values: [1, 2],
      expected: [
        [0, 1, 0, 1],
        [1, 2, 1, 3],
      ],
    },
    { values: [0, 2, 0], expected: [[1, 2, 0, 2]] },
    {
      values: [3, -1, 2, -2],
      expected: [
        [0, 3, 0, 3],
        [1, -1, 0, -1],
        [2, 2, 3, 5],
        [3, -2, -1, -3],
      ],
    },
    { values: [Number.NaN, Infinity, 0], expected: [] },
    { values: [], expected: [] },
  ])('stacks $values', ({ values, expected }) => {
    expect(stackSegments(values).map((s) => [s.series, s.value, s.start, s.end])).toEqual(expected);
  });
});

describe('valueExtent', () => {
  it.each([
    { stacks: [[1, 2], [4]], refs: [], expected: [0, 4] },
    { stacks: [[1, -3]], refs: [], expected: [-3, 1] },
    { stacks: [[1]], refs: [7.5], expected: [0, 7.5] },
    // An all-zero chart keeps a positive axis rather than one centred on 0.
    { stacks: [[0, 0], [0]], refs: [], expected: [0, 1] },
    { stacks: [], refs: [Number.NaN], expected: [0, 1] },
  ])('covers $stacks and $refs', ({ stacks, refs, expected }) => {
    expect(valueExtent(stacks, refs)).toEqual(expected);
  });
});

describe('labels', () => {
  it('keeps a label that fits and cuts one that does not', () => {
    expect(truncateLabel('system', 100, 11)).toBe('system');
    const cut = truncateLabel('a-very-long-contribution-id', 60, 11);
    expect(cut.endsWith('…')).toBe(true);
    expect(textWidth(cut, 11)).toBeLessThanOrEqual(60);
  });

  it.each([
    { text: 'Never offload', width: 200, lines: ['Never offload'] },
    { text: 'Net-saving gate', width: 70, lines: ['Net-saving', 'gate'] },
    { text: 'Baseline: claude-opus-4-6', width: 110, lines: ['Baseline:', 'claude-opus-4-6'] },
    { text: 'Re-prefill', width: 50, lines: ['Re-', 'prefill'] },
    { text: 'one two three four', width: 30, lines: ['one', 'two…'] },
  ])('wraps "$text" in $width px', ({ text, width, lines }) => {
    const wrapped = wrapLabel(text, width, 11, 2);
    expect(wrapped).toEqual(lines);
    for (const line of wrapped) expect(textWidth(line, 11)).toBeLessThanOrEqual(width);
  });
});
