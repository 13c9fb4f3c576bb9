import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICING, simulateRouting } from '../../src/core/index.ts';
import { packHops, unpackHops } from '../../src/domain/packed-hops.ts';
import { ROUTING_PRESET_LIST } from '../../src/domain/presets.ts';
import { SUPPORT_CHAT_ROUTING } from '../../src/state/slices/routing-slice.ts';

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
});
