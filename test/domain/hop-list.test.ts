import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICING, simulateRouting, type HopRecord } from '../../src/core/index.ts';
import { generateTurns } from '../../src/model/generate-turns.ts';
import {
  countBy,
  hopList,
  sameColumns,
  type HopColumns,
  type HopFlagKey,
  type HopNumberKey,
  type HopTextKey,
} from '../../src/domain/hop-list.ts';
import { packHops, packedHopList, samePackedColumns } from '../../src/domain/packed-hops.ts';
import { ROUTING_PRESET_LIST, SUPPORT_CHAT_ROUTING } from '../../src/model/routing-presets.ts';
import { sampleHops, summarise, summariseHops } from '../../src/domain/routing-runs.ts';

/** Every field of a hop record, by kind (from a record, so a new field is read too). */
function fieldsOf(hop: HopRecord) {
  const keys = Object.keys(hop) as (keyof HopRecord)[];
  return {
    numbers: keys.filter((k) => typeof hop[k] === 'number') as HopNumberKey[],
    flags: keys.filter((k) => typeof hop[k] === 'boolean') as HopFlagKey[],
    texts: keys.filter((k) => typeof hop[k] === 'string') as HopTextKey[],
  };
}

/** Every field of every hop, read through the columns, as records. */
function readAll(list: HopColumns, fields: ReturnType<typeof fieldsOf>): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (let i = 0; i < list.length; i++) {
    const row: Record<string, unknown> = {};
    for (const k of fields.numbers) row[k] = list.number(k)(i);
    for (const k of fields.flags) row[k] = list.flag(k)(i);
    for (const k of fields.texts) row[k] = list.text(k)(i);
    out.push(row);
  }
  return out;
}

const runs: [string, readonly HopRecord[]][] = [
  ...ROUTING_PRESET_LIST.map(
    (p) =>
      [p.id, simulateRouting(p.build().scenario, DEFAULT_PRICING).hops] as [string, HopRecord[]],
  ),
  [
    'a 300-turn conversation',
    simulateRouting(
      {
        ...SUPPORT_CHAT_ROUTING.scenario,
        turns: generateTurns(SUPPORT_CHAT_ROUTING.scenario.turns[1]!, {
          turnCount: 300,
          seed: 5,
          spreadPct: 40,
          complexSharePct: 40,
        }),
      },
      DEFAULT_PRICING,
    ).hops,
  ],
];

describe('hops read by field', () => {
  it.each(runs)(
    'read the %s run’s every field, packed or not, as its records hold it',
    (_, hops) => {
      const fields = fieldsOf(hops[0]!);
      const packed = packedHopList(packHops(hops)!);
      const plain = hopList(hops);
      expect(packed.length).toBe(hops.length);
      expect(readAll(packed, fields)).toStrictEqual(hops.map((h) => ({ ...h })));
      expect(readAll(plain, fields)).toStrictEqual(hops.map((h) => ({ ...h })));
      for (const i of [0, Math.floor(hops.length / 2), hops.length - 1]) {
        expect(packed.record(i)).toStrictEqual(hops[i]);
        expect(plain.record(i)).toBe(hops[i]);
      }
    },
  );

  it.each(runs)('give the %s run’s summary and counts alike, packed or not', (_, hops) => {
    const result = simulateRouting(SUPPORT_CHAT_ROUTING.scenario, DEFAULT_PRICING);
    const samples = sampleHops(hops.length, 7);
    const packed = packedHopList(packHops(hops)!);
    expect(summariseHops(result.totals, packed, samples)).toStrictEqual(
      summarise({ hops, totals: result.totals }, samples),
    );
    const bySource = new Map<string, number>();
    for (const h of hops) bySource.set(h.source, (bySource.get(h.source) ?? 0) + 1);
    expect(countBy(packed, 'source')).toStrictEqual(bySource);
    expect(countBy(hopList(hops), 'source')).toStrictEqual(bySource);
  });

  it('compare equal exactly when the fields compared are, packed or not', () => {
    const hops = runs[runs.length - 1]![1];
    const keys = { numbers: ['totalUsd'], flags: ['thinking'], texts: ['model'] } as const;
    const last = hops[hops.length - 1]!;
    const cases: [readonly HopRecord[], boolean][] = [
      [hops.map((h) => ({ ...h })), true],
      [[...hops.slice(0, -1), { ...last, at: last.at + 1 }], true],
      [[...hops.slice(0, -1), { ...last, totalUsd: last.totalUsd + 1e-9 }], false],
      [[...hops.slice(0, -1), { ...last, totalUsd: -0 }], false],
      [[...hops.slice(0, -1), { ...last, thinking: !last.thinking }], false],
      [[...hops.slice(0, -1), { ...last, model: `${last.model}x` }], false],
      [hops.slice(1), false],
    ];
    const packed = packedHopList(packHops(hops)!);
    for (const [other, same] of cases) {
      const otherPacked = packedHopList(packHops(other)!);
      expect(sameColumns(packed, hopList(other), keys)).toBe(same);
      expect(sameColumns(packed, otherPacked, keys)).toBe(same);
      expect(samePackedColumns(packed, otherPacked, keys)).toBe(same);
      // Only two packed readers are compared packed.
      expect(samePackedColumns(packed, hopList(other), keys)).toBeNull();
    }
  });
});
