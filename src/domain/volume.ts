/**
 * Scale to a month: a volume per day — conversations (routing),
 * tool outputs (gate) or prompts (budget) — times a cost per unit gives USD
 * per day and per 30 days. The volume is the one a user typed, else the
 * imported traffic's own rate, else a stated default. Pure.
 */

import type { PopulationComparison } from '../core/population.ts';

/** Days in "a month" of the volume line. */
export const DAYS_PER_MONTH = 30;

/** The stated defaults when no volume is typed and no traffic is loaded. */
export const DEFAULT_VOLUME_PER_DAY = Object.freeze({
  conversations: 100,
  toolOutputs: 1_000,
  prompts: 1_000,
});

/** Where a volume comes from. */
export type VolumeSource = 'typed' | 'traffic' | 'default';

export interface Volume {
  readonly perDay: number;
  readonly source: VolumeSource;
}

/** The volume in use: typed (a finite number ≥ 0), else the traffic's rate, else the default. */
export function resolveVolume(
  typedPerDay: number | null | undefined,
  trafficPerDay: number | undefined,
  defaultPerDay: number,
): Volume {
  if (typedPerDay !== null && typedPerDay !== undefined && Number.isFinite(typedPerDay)) {
    return { perDay: Math.max(0, typedPerDay), source: 'typed' };
  }
  if (trafficPerDay !== undefined && Number.isFinite(trafficPerDay)) {
    return { perDay: Math.max(0, trafficPerDay), source: 'traffic' };
  }
  return { perDay: defaultPerDay, source: 'default' };
}

/** USD per day and per 30 days. */
export interface ScaledCost {
  readonly usdPerDay: number;
  readonly usdPer30Days: number;
}

/** `usdPerUnit × unitsPerDay` a day, and 30 times that a month. */
export function scaleToMonth(usdPerUnit: number, unitsPerDay: number): ScaledCost {
  const usdPerDay = usdPerUnit * unitsPerDay;
  return { usdPerDay, usdPer30Days: usdPerDay * DAYS_PER_MONTH };
}

/** A cost over a span of days, per 30 days at the same rate (undefined without a span). */
export function per30Days(usd: number, spanDays: number): number | undefined {
  return spanDays > 0 ? (usd / spanDays) * DAYS_PER_MONTH : undefined;
}

/** What a tab's volume line scales: `[label, USD per unit]`, the tab's baseline first. */
export type UnitCosts = readonly (readonly [label: string, usdPerUnit: number])[];

/** The gate's: each policy's cost per output (the comparison's are per 1,000 outputs); never first. */
export function gateUnitCosts(comparison: PopulationComparison | null): UnitCosts {
  if (comparison === null) return [];
  return [
    ['Never offload', comparison.never.totalUsd / 1000],
    ['Size-only offload', comparison.sizeOnly.totalUsd / 1000],
    ['Net-saving gate', comparison.gate.totalUsd / 1000],
  ];
}

/** One line of a volume figure: what is scaled, per unit and per day and month. */
export interface VolumeRow extends ScaledCost {
  readonly label: string;
  readonly usdPerUnit: number;
}

/** Each `[label, usdPerUnit]` scaled to `volume`. */
export function volumeRows(
  volume: Volume,
  costs: readonly (readonly [label: string, usdPerUnit: number])[],
): VolumeRow[] {
  return costs.map(([label, usdPerUnit]) => ({
    label,
    usdPerUnit,
    ...scaleToMonth(usdPerUnit, volume.perDay),
  }));
}

/**
 * The part of the traffic's bill a tab models, at the traffic's rate: the
 * gate the carry of its tool outputs, routing the calls on the models it
 * routes, the budget the prompts. Every tab's monthly figure is scaled to
 * its part, so none exceeds the bill it stands for.
 */
export interface BillPart {
  /** Which part, in words: "the carry of your 1,132 tool outputs". */
  readonly what: string;
  /** The part as billed, USD per day. */
  readonly usdPerDay: number;
  /** The tab's units per day in the traffic (tool outputs, conversations, prompts). */
  readonly unitsPerDay: number;
  /** The whole bill, USD per day. */
  readonly billUsdPerDay: number;
}
