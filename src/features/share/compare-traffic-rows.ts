/**
 * A's and B's replay choices over the traffic stored in this browser, side
 * by side: each scenario's choice replayed over every conversation under
 * that scenario's own price table (SPEC §11), against the traffic as billed
 * under the same table, over the traffic's span and per 30 days.
 */
import { per30Days } from '../../domain/volume.ts';
import type { ReplayOutcome } from '../../engine/traces/traffic-types.ts';
import { compareRow, type ComparisonRow, type Figure } from './compare-rows.ts';

/** One side's replay over every conversation: its answer, or why there is none. */
export type TrafficSide = ReplayOutcome | { readonly error: string };

type Read = (o: ReplayOutcome) => Figure;

const usd = (value: number): Figure => ({ kind: 'usd', value });

function readSide(side: TrafficSide, read: Read): Figure | { error: string } {
  return 'error' in side ? { error: side.error } : read(side);
}

const leftOutCalls = (o: ReplayOutcome) =>
  o.leftOut.reduce((sum, m) => sum + m.calls, 0) + (o.leftOutOthers?.calls ?? 0);

/**
 * The comparison's traffic rows: the choice, the bill and the replay under
 * each side's prices, the replay's change against that bill (over the span
 * and, with a span, per 30 days), its cache-hit share, and the calls a side
 * could not price (only when either side left some out).
 */
export function trafficCompareRows(
  a: TrafficSide,
  b: TrafficSide,
  spanDays: number,
): ComparisonRow[] {
  const lines: [string, string, Read][] = [
    [
      'traffic-choice',
      'Replay choice',
      (o) => ({ kind: 'text', value: o.changesNothing ? 'As billed (no change)' : o.choiceText }),
    ],
    ['traffic-billed', 'Your traffic as billed', (o) => usd(o.asBilled.totalUsd)],
    ['traffic-replay', 'Replayed cost', (o) => usd(o.replay.totalUsd)],
    ['traffic-change', 'Replay vs as billed', (o) => usd(o.replay.totalUsd - o.asBilled.totalUsd)],
  ];
  if (spanDays > 0) {
    lines.push([
      'traffic-change-month',
      'Replay vs as billed, per 30 days',
      (o) => usd(per30Days(o.replay.totalUsd - o.asBilled.totalUsd, spanDays)!),
    ]);
  }
  lines.push([
    'traffic-hit',
    'Replay cache hit share',
    (o) => ({ kind: 'fraction', value: o.replay.cacheHitShare }),
  ]);
  const leftOut = [a, b].some((side) => !('error' in side) && leftOutCalls(side) > 0);
  if (leftOut) {
    lines.push([
      'traffic-left-out',
      'Calls left out (no price row)',
      (o) => ({ kind: 'count', value: leftOutCalls(o) }),
    ]);
  }
  return lines.map(([id, label, read]) =>
    compareRow(id, label, readSide(a, read), readSide(b, read)),
  );
}
