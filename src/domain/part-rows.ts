/**
 * A volume line's figures scaled to the part of the bill its tab models
 * (apart from volume.ts, so that the first visit's bundle carries none of
 * its words). Pure.
 */
import { formatFraction, formatMoney } from '../format/number-format.ts';
import {
  DAYS_PER_MONTH,
  volumeRows,
  type BillPart,
  type Volume,
  type VolumeRow,
} from './volume.ts';

/** A volume line's figures and what they stand for. */
export interface PartRows {
  readonly rows: readonly VolumeRow[];
  /** Which part of the bill the figures model, and how; undefined without traffic. */
  readonly note: string | undefined;
  /**
   * The figures are set to the part of the bill: a choice that only prices
   * the tab's own costs per unit (a model to price on) moves their ratio to
   * the baseline, never the baseline itself.
   */
  readonly scaled: boolean;
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
    return { rows: volumeRows(volume, costs), note: undefined, scaled: false };
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
      scaled: false,
    };
  }
  if (!(baseline[1] > 0)) {
    return {
      rows: volumeRows(volume, costs),
      note: `${baseline[0]} costs nothing in this tab's scenario, so it cannot be scaled to ${part.what}: these figures are the scenario's own.`,
      scaled: false,
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
    scaled: true,
  };
}
