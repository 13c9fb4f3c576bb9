import { describe, expect, it } from 'vitest';
import { joinReportHash, splitReportHash } from '../../../src/state/persistence/report-address.ts';

describe('the report as an address', () => {
  it.each([
    ['', '', false],
    ['#s=abc', '#s=abc', false],
    ['#report', '', true],
    ['#s=abc#report', '#s=abc', true],
    ['#report&s=abc', '#s=abc', true],
    ['#json=%7B%7D&report', '#json=%7B%7D', true],
    ['#s=ab&c', '#s=ab&c', false],
  ])('reads %j as the link %j, report %s', (hash, scenarioHash, report) => {
    expect(splitReportHash(hash)).toEqual({ scenarioHash, report });
  });

  it('writes the live link followed by #report, so the live link is the same without it', () => {
    expect(joinReportHash('#s=abc', true)).toBe('#s=abc#report');
    expect(joinReportHash('', true)).toBe('#report');
    expect(joinReportHash('#s=abc', false)).toBe('#s=abc');
    expect(splitReportHash(joinReportHash('#s=abc', true)).scenarioHash).toBe('#s=abc');
  });
});
