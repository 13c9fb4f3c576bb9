import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICING, type PricingTable } from '../../../src/core/pricing.ts';
import { replayTraffic } from '../../../src/engine/traces/replay-service.ts';
import type { ReplayPlanChoice } from '../../../src/domain/traffic-replay.ts';
import { trafficCompareRows } from '../../../src/features/share/compare-traffic-rows.ts';
import { formatUsd } from '../../../src/ui/format.ts';
import { seededTraffic } from '../../domain/replay-traffic.ts';

const MODELS = ['claude-opus-4-6', 'claude-sonnet-4-5-20250929', 'claude-haiku-4-5'];
const calls = seededTraffic(7, 30, MODELS);
const AS_BILLED: ReplayPlanChoice = { model: { kind: 'map', mapping: [] }, ttlSeconds: null };
const ALL_ON_HAIKU: ReplayPlanChoice = {
  model: { kind: 'one', model: 'claude-haiku-4-5' },
  ttlSeconds: null,
};
const replay = (choice: ReplayPlanChoice, pricing: PricingTable = DEFAULT_PRICING) =>
  replayTraffic(calls, pricing, { scope: { kind: 'all' }, choice });

const byId = (rows: ReturnType<typeof trafficCompareRows>) =>
  new Map(rows.map((row) => [row.id, row]));

describe('trafficCompareRows', () => {
  it('shows each side replayed under its own choice, and B − A of the replays', () => {
    const a = replay(AS_BILLED);
    const b = replay(ALL_ON_HAIKU);
    const rows = byId(trafficCompareRows(a, b, 3));
    expect(rows.get('traffic-choice')).toMatchObject({
      a: 'As billed (no change)',
      b: b.choiceText,
      changed: true,
    });
    // The same calls under the same prices: the bill is the same on both sides.
    expect(rows.get('traffic-billed')).toMatchObject({ difference: 'same', changed: false });
    const replayed = rows.get('traffic-replay')!;
    expect(replayed.a).toBe(formatUsd(a.replay.totalUsd));
    expect(replayed.b).toBe(formatUsd(b.replay.totalUsd));
    expect(b.replay.totalUsd).toBeLessThan(a.replay.totalUsd);
    expect(replayed.difference).toBe(formatUsd(b.replay.totalUsd - a.replay.totalUsd));
    // Each side's change is against the bill under its own prices.
    expect(rows.get('traffic-change')!.a).toBe(formatUsd(a.replay.totalUsd - a.asBilled.totalUsd));
    expect(rows.get('traffic-change')!.b).toBe(formatUsd(b.replay.totalUsd - b.asBilled.totalUsd));
    // Per 30 days over a 3-day span: ten times the change.
    expect(rows.get('traffic-change-month')!.b).toBe(
      formatUsd((b.replay.totalUsd - b.asBilled.totalUsd) * 10),
    );
    expect(rows.has('traffic-left-out')).toBe(false);
  });

  it('prices each side on its own table: A on higher prices bills more', () => {
    const double = (n: number) => n * 2;
    const dear = Object.fromEntries(
      Object.entries(DEFAULT_PRICING).map(([model, row]) => [
        model,
        {
          ...row,
          input: row.input * 2,
          output: row.output * 2,
          ...(row.cacheWrite === undefined ? {} : { cacheWrite: double(row.cacheWrite) }),
          ...(row.cacheWrite1h === undefined ? {} : { cacheWrite1h: double(row.cacheWrite1h) }),
          ...(row.cacheRead === undefined ? {} : { cacheRead: double(row.cacheRead) }),
        },
      ]),
    ) as PricingTable;
    const a = replay(AS_BILLED, dear);
    const b = replay(AS_BILLED);
    const rows = byId(trafficCompareRows(a, b, 3));
    expect(a.asBilled.totalUsd).toBeGreaterThan(b.asBilled.totalUsd);
    expect(rows.get('traffic-billed')).toMatchObject({
      a: formatUsd(a.asBilled.totalUsd),
      b: formatUsd(b.asBilled.totalUsd),
      changed: true,
    });
    expect(rows.get('traffic-choice')).toMatchObject({ difference: 'same' });
  });

  it('names the calls a side could not price, and a side that failed', () => {
    const a = replay(AS_BILLED);
    const b = replay({ model: { kind: 'one', model: 'no-such-model' }, ttlSeconds: null });
    const rows = byId(trafficCompareRows(a, b, 0));
    expect(rows.get('traffic-left-out')).toMatchObject({
      a: '0',
      b: calls.length.toLocaleString('en-US'),
      changed: true,
    });
    // Without a span there is no per-30-days line.
    expect(rows.has('traffic-change-month')).toBe(false);
    const failed = byId(trafficCompareRows(a, { error: 'the worker stopped' }, 3));
    expect(failed.get('traffic-replay')).toMatchObject({
      b: 'Error: the worker stopped',
      changed: true,
    });
  });
});
