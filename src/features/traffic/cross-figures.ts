/**
 * The traffic's figures for the other tabs: the TTL question the
 * traffic tab shows, kept here, and what is published to the session store
 * `src/state/traffic-figures.ts` (source, rates, fitted priors, tool-output
 * population) for the gate, routing, budget tabs and the report. Never the
 * calls.
 */
import { create } from 'zustand';
import type { TrafficCrossFigures, TrafficTtl } from '../../engine/traces/traffic-types.ts';
import {
  clearTrafficFigures,
  publishTrafficFigures,
  type TrafficFiguresState,
} from '../../state/traffic-figures.ts';
import { formatPlain } from '../../ui/format.ts';

export interface TrafficTtlState {
  readonly ttl: TrafficTtl | undefined;
}

/** The TTL figures of the traffic tab (undefined until worked out, or with no traffic). */
export const useTrafficTtl = create<TrafficTtlState>(() => ({ ttl: undefined }));

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "3 Nov 2026", "3–9 Nov 2026", "30 Oct – 9 Nov 2026", "30 Dec 2025 – 2 Jan 2026" (UTC days). */
export function dateRangeText(firstAt: number, lastAt: number): string {
  const a = new Date(firstAt * 1000);
  const b = new Date(lastAt * 1000);
  const day = (d: Date) => d.getUTCDate();
  const month = (d: Date) => MONTHS[d.getUTCMonth()]!;
  const year = (d: Date) => d.getUTCFullYear();
  if (year(a) !== year(b)) {
    return `${day(a)} ${month(a)} ${year(a)} – ${day(b)} ${month(b)} ${year(b)}`;
  }
  if (a.getUTCMonth() !== b.getUTCMonth()) {
    return `${day(a)} ${month(a)} – ${day(b)} ${month(b)} ${year(b)}`;
  }
  if (day(a) !== day(b)) return `${day(a)}–${day(b)} ${month(b)} ${year(b)}`;
  return `${day(b)} ${month(b)} ${year(b)}`;
}

const plural = (n: number, one: string, many = `${one}s`) =>
  `${formatPlain(n)} ${n === 1 ? one : many}`;

/** The session-store figures for `figures` (`source`, `rates`, `priors`, `population`). */
export function publishedFigures(figures: TrafficCrossFigures): Partial<TrafficFiguresState> {
  const span =
    figures.firstAt === undefined || figures.lastAt === undefined
      ? ''
      : `, ${dateRangeText(figures.firstAt, figures.lastAt)}`;
  return {
    source: `${plural(figures.calls, 'call')} in ${plural(figures.conversations, 'conversation')}${span}`,
    rates: figures.rates,
    priors: figures.priors,
    population: figures.population,
  };
}

/** Publishes the figures (or, with none, forgets the ones published before). */
export function publishCrossFigures(figures: TrafficCrossFigures | undefined): void {
  if (figures === undefined) {
    forgetCrossFigures();
    return;
  }
  useTrafficTtl.setState({ ttl: figures.ttl });
  publishTrafficFigures(publishedFigures(figures));
}

/** Forgets the traffic's figures here and in the session store (the replay too: it was of this traffic). */
export function forgetCrossFigures(): void {
  useTrafficTtl.setState({ ttl: undefined });
  clearTrafficFigures();
}
