import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICING, simulateRouting } from '../../src/core/index.ts';
import { packHops, samePackedHops, unpackHops } from '../../src/domain/packed-hops.ts';
import { ROUTING_PRESET_LIST, SUPPORT_CHAT_ROUTING } from '../../src/model/routing-presets.ts';

describe('packed hops', () => {
  it.each(ROUTING_PRESET_LIST.map((p) => [p.id, p] as const))(
    'give back the %s preset’s very hop records',
    (_, preset) => {
      const { hops } = simulateRouting(preset.build().scenario, DEFAULT_PRICING);
      const packed = packHops(hops);
      expect(packed).not.toBeNull();
      expect(unpackHops(packed!)).toStrictEqual(hops);
    },
  );

  it('refuse a record with a field it does not know', () => {
    const { hops } = simulateRouting(SUPPORT_CHAT_ROUTING.scenario, DEFAULT_PRICING);
    expect(packHops([{ ...hops[0]!, extra: 1 } as never])).toBeNull();
  });

  it('are equal exactly when their records are', () => {
    const { hops } = simulateRouting(SUPPORT_CHAT_ROUTING.scenario, DEFAULT_PRICING);
    const pack = (records: typeof hops) => packHops(records)!;
    expect(samePackedHops(pack(hops), pack(hops.map((h) => ({ ...h }))))).toBe(true);
    const last = hops[hops.length - 1]!;
    const changed = [
      hops.slice(1),
      [...hops.slice(0, -1), { ...last, at: last.at + 1 }],
      [...hops.slice(0, -1), { ...last, model: `${last.model}-x` }],
      [...hops.slice(0, -1), { ...last, thinking: !last.thinking }],
      [...hops.slice(0, -1), { ...last, totalUsd: -0 }],
    ];
    for (const other of changed) expect(samePackedHops(pack(hops), pack(other))).toBe(false);
  });
});
