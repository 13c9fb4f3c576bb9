/** Words and chart geometry of the TTL section, pure. */
import type { GapBin, TrafficTtl } from '../../engine/traces/traffic-types.ts';
import { formatNumber, formatPercent, formatUsd } from '../../ui/format.ts';
import { changeText } from './replay/change-text.ts';

/** "45 s", "2.2 min", "1 h", "27 h": a gap or bin edge in words. */
export function gapText(seconds: number): string {
  const round = (n: number) => formatNumber(n, n < 10 ? 1 : 0);
  if (seconds < 60) return `${round(seconds)} s`;
  if (seconds < 3600) return `${round(seconds / 60)} min`;
  return `${round(seconds / 3600)} h`;
}

/** "under 0.9 s", "5 min – 11 min", "27 h or more". */
export function binText(bin: GapBin): string {
  if (bin.fromSeconds === 0 && bin.toSeconds !== null) return `under ${gapText(bin.toSeconds)}`;
  if (bin.toSeconds === null) return `${gapText(bin.fromSeconds)} or more`;
  return `${gapText(bin.fromSeconds)} – ${gapText(bin.toSeconds)}`;
}

/**
 * Where each bin is drawn on a log axis: `[from, to)` in seconds, the first
 * (from 0) and the last (open) bins as wide as their neighbours.
 */
export function drawnBins(bins: readonly GapBin[]): { from: number; to: number }[] {
  const inner = bins.find((b) => b.fromSeconds > 0 && b.toSeconds !== null);
  const ratio = inner === undefined ? 2 : inner.toSeconds! / inner.fromSeconds;
  return bins.map((b) => ({
    from: b.fromSeconds === 0 ? (b.toSeconds ?? 1) / ratio : b.fromSeconds,
    to: b.toSeconds ?? b.fromSeconds * ratio,
  }));
}

/**
 * The verdict in words: each TTL against what was billed first (the change a
 * team would see), then which of the two is cheaper and by how much.
 */
export function ttlVerdict(ttl: TrafficTtl, asBilledUsd: number): string {
  const [five, hour] = ttl.choices;
  if (ttl.calls === 0) return 'No priced calls: add price rows for the models above.';
  const billed =
    `As billed these calls cost ${formatUsd(asBilledUsd)}; every call at the 5-minute TTL would cost ${formatUsd(five.totalUsd)} (${changeText(asBilledUsd, five.totalUsd)}), ` +
    `at the 1-hour TTL ${formatUsd(hour.totalUsd)} (${changeText(asBilledUsd, hour.totalUsd)}). `;
  return billed + twoTtls(ttl);
}

/** Which of the two TTLs is cheaper, and by how much. */
function twoTtls(ttl: TrafficTtl): string {
  const [five, hour] = ttl.choices;
  const delta = hour.totalUsd - five.totalUsd;
  const pct = five.totalUsd === 0 ? null : delta / five.totalUsd;
  const by = `${formatUsd(Math.abs(delta))}${pct === null ? '' : ` (${formatPercent(Math.abs(pct), 1)})`}`;
  const expired = `${formatPercent(five.expiredShare, 1)} of calls found their cache expired under 5 minutes, ${formatPercent(hour.expiredShare, 1)} under 1 hour`;
  if (delta === 0) return `Both TTLs cost ${formatUsd(five.totalUsd)} on this traffic; ${expired}.`;
  return delta < 0
    ? `The 1-hour TTL is cheaper on this traffic by ${by}: ${formatUsd(hour.totalUsd)} against ${formatUsd(five.totalUsd)}; ${expired}.`
    : `The 5-minute TTL is cheaper on this traffic by ${by}: ${formatUsd(five.totalUsd)} against ${formatUsd(hour.totalUsd)} (1-hour writes cost more than the re-writes they save); ${expired}.`;
}
