import { describe, expect, it } from 'vitest';
import {
  DAYS_PER_MONTH,
  DEFAULT_VOLUME_PER_DAY,
  resolveVolume,
  scaleToMonth,
  volumeRows,
} from '../../src/domain/volume.ts';

describe('resolveVolume', () => {
  it.each([
    ['a typed value wins over the traffic', 250, 40, { perDay: 250, source: 'typed' }],
    ['a typed 0 is a volume, not absent', 0, 40, { perDay: 0, source: 'typed' }],
    ['null takes the traffic rate', null, 40.5, { perDay: 40.5, source: 'traffic' }],
    ['absent takes the traffic rate', undefined, 12, { perDay: 12, source: 'traffic' }],
    ['no traffic: the stated default', null, undefined, { perDay: 100, source: 'default' }],
    [
      'a non-finite typed value is ignored',
      Number.NaN,
      undefined,
      { perDay: 100, source: 'default' },
    ],
  ] as const)('%s', (_, typed, traffic, expected) => {
    expect(resolveVolume(typed, traffic, DEFAULT_VOLUME_PER_DAY.conversations)).toEqual(expected);
  });
});

describe('scaleToMonth', () => {
  it('multiplies by the volume a day and by 30 days a month', () => {
    expect(DAYS_PER_MONTH).toBe(30);
    expect(scaleToMonth(0.25, 40)).toEqual({ usdPerDay: 10, usdPer30Days: 300 });
    expect(scaleToMonth(1.5, 0)).toEqual({ usdPerDay: 0, usdPer30Days: 0 });
  });

  it('scales every figure of a line with the same volume', () => {
    const rows = volumeRows({ perDay: 2_000, source: 'typed' }, [
      ['Never offload', 0.05],
      ['Net-saving gate', 0.02],
    ]);
    expect(rows.map((r) => [r.label, r.usdPerDay, r.usdPer30Days])).toEqual([
      ['Never offload', 100, 3_000],
      ['Net-saving gate', 40, 1_200],
    ]);
  });
});
