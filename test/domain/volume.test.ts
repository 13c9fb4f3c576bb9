import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { partVolumeRows } from '../../src/domain/part-rows.ts';
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

describe('partVolumeRows', () => {
  const costs = [
    ['Never offload', 0.02],
    ['Net-saving gate', 0.015],
  ] as const;
  const part = {
    what: 'the carry of your 40 tool outputs',
    usdPerDay: 3,
    unitsPerDay: 20,
    billUsdPerDay: 10,
  };

  it('is the plain scaling without traffic', () => {
    const volume = { perDay: 100, source: 'default' as const };
    const plain = partVolumeRows(volume, costs, undefined);
    expect(plain.note).toBeUndefined();
    expect(plain.scaled).toBe(false);
    expect(plain.rows.map((r) => r.usdPerDay)).toEqual([2, 1.5]);
  });

  it("sets the baseline to the part at the traffic's rate, and keeps the ratios", () => {
    const { rows, note, scaled } = partVolumeRows({ perDay: 20, source: 'traffic' }, costs, part);
    expect(scaled).toBe(true);
    expect(rows[0]!.usdPerDay).toBeCloseTo(3, 12);
    expect(rows[0]!.usdPer30Days).toBeCloseTo(90, 12);
    expect(rows[1]!.usdPerDay / rows[0]!.usdPerDay).toBeCloseTo(0.75, 12);
    expect(note).toContain('the carry of your 40 tool outputs, $90.00 per 30 days as billed, 30%');
    expect(note).toContain('your bill of $300 per 30 days');
    expect(note).toContain('"Never offload" is set to that part');
  });

  it("prices a typed volume at the traffic's cost per unit, and says so", () => {
    const { rows, note } = partVolumeRows({ perDay: 40, source: 'typed' }, costs, part);
    expect(rows[0]!.usdPerDay).toBeCloseTo(6, 12);
    expect(note).toContain('The volume is typed');
  });

  it('says when the traffic bills nothing for the part, and stands for none of the bill', () => {
    const { rows, note } = partVolumeRows({ perDay: 20, source: 'traffic' }, costs, {
      ...part,
      usdPerDay: 0,
    });
    expect(rows.map((r) => r.usdPerDay)).toEqual([0, 0]);
    expect(note).toContain('bills nothing for the carry');
  });

  it("never lets a tab's figure at the traffic's rate exceed the part, nor the part the bill", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1e-6, max: 1e4, noNaN: true }),
        fc.double({ min: 1e-3, max: 1e5, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 1e-6, max: 10, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (bill, units, partShare, baseline, ratio) => {
          const p = {
            ...part,
            usdPerDay: bill * partShare,
            unitsPerDay: units,
            billUsdPerDay: bill,
          };
          const { rows } = partVolumeRows(
            { perDay: units, source: 'traffic' },
            [
              ['baseline', baseline],
              ['cheaper', baseline * ratio],
            ],
            p,
          );
          for (const r of rows) expect(r.usdPerDay).toBeLessThanOrEqual(bill * (1 + 1e-12));
        },
      ),
    );
  });
});
