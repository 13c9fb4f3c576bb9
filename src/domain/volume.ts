/**
 * Scale to a month: a volume per day — conversations (routing),
 * tool outputs (gate) or prompts (budget) — times a cost per unit gives USD
 * per day and per 30 days. The volume is the one a user typed, else the
 * imported traffic's own rate, else a stated default. Pure.
 */

import { formatFraction, formatMoney } from '../format/number-format.ts';

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

/** A volume line's figures and what they stand for. */
export interface PartRows {
  readonly rows: readonly VolumeRow[];
  /** Which part of the bill the figures model, and how; undefined without traffic. */
  readonly note: string | undefined;
}

/**
 * Each `[label, usdPerUnit]` scaled to `volume`; with a `part`, the first
 * (the tab's baseline) costs per unit what the part costs per unit in the
 * traffic, and the others keep the tab's ratio to it. At the traffic's own
 * volume the baseline is then the part itself.
 */
export function partVolumeRows(
  volume: Volume,
  costs: readonly (readonly [label: string, usdPerUnit: number])[],
  part: BillPart | undefined,
): PartRows {
  const baseline = costs[0];
  if (part === undefined || baseline === undefined) {
    return { rows: volumeRows(volume, costs), note: undefined };
  }
  const month = (usdPerDay: number) => formatMoney(usdPerDay * DAYS_PER_MONTH);
  const whole = `your bill of ${month(part.billUsdPerDay)} per 30 days`;
  if (part.usdPerDay <= 0 || part.unitsPerDay <= 0) {
    // Nothing of the bill is in this part: the figures stand for none of it.
    return {
      rows: volumeRows(
        volume,
        costs.map(([label]) => [label, 0] as const),
      ),
      note: `Your traffic bills nothing for ${part.what} (of ${whole}), so these figures stand for none of it (the scenario's own costs per unit are in the tab above).`,
    };
  }
  if (!(baseline[1] > 0)) {
    return {
      rows: volumeRows(volume, costs),
      note: `${baseline[0]} costs nothing in this tab's scenario, so it cannot be scaled to ${part.what}: these figures are the scenario's own.`,
    };
  }
  const scale = part.usdPerDay / part.unitsPerDay / baseline[1];
  const share =
    part.billUsdPerDay > 0 ? `, ${formatFraction(part.usdPerDay / part.billUsdPerDay, 0)}` : '';
  const atVolume =
    volume.source === 'traffic'
      ? ''
      : ` The volume is ${volume.source === 'typed' ? 'typed' : 'a default'}, so the figures are at your traffic's cost per unit, not its rate.`;
  return {
    rows: volumeRows(
      volume,
      costs.map(([label, usdPerUnit]) => [label, usdPerUnit * scale] as const),
    ),
    note:
      `Scaled to the part of your bill this tab models: ${part.what}, ` +
      `${month(part.usdPerDay)} per 30 days as billed${share} of ${whole}. ` +
      `"${baseline[0]}" is set to that part; the other figures keep this tab's ratio to it.${atVolume}`,
  };
}
