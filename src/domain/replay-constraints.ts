/**
 * The constraints a cheapest-setting search honours, as plain data so that
 * the browser and a command line (`--any-provider`, `--exclude MODEL`,
 * `--allow FROM=TO[,TO]`, `--floor FROM=MODEL`) build the same input.
 *
 * - `substitutes`: which targets a model seen may move to.
 *   `'sameProvider'` (the default) keeps each model within its row's
 *   provider family (SPEC §13.4, the core's `priceFamily`); `'any'` allows
 *   every candidate; a record maps a model seen (its price row's name) to its
 *   allowed targets, and a model it does not name may only stay.
 * - `exclude`: targets no model may move to (a model seen that is excluded
 *   may still stay on its own row).
 * - `floor`: per model seen, a minimum model. A target is allowed only when
 *   its output price (USD per token, the price row's `output`) is at or
 *   above the floor model's output price. A model always may stay.
 */
import { priceFamily } from '../core/price-family.ts';
import { priceRowFor, type PricingTable } from '../core/pricing.ts';

export interface ReplayConstraints {
  readonly substitutes?: 'sameProvider' | 'any' | Readonly<Record<string, readonly string[]>>;
  readonly exclude?: readonly string[];
  readonly floor?: Readonly<Record<string, string>>;
}

/** The default: each model keeps its provider family; nothing excluded; no floor. */
export const DEFAULT_REPLAY_CONSTRAINTS: ReplayConstraints = { substitutes: 'sameProvider' };

function familyOf(pricing: PricingTable, model: string): string | undefined {
  const row = priceRowFor(pricing, model);
  return row === undefined ? undefined : priceFamily(model, row.provider);
}

/**
 * Whether `constraints` let the model seen `from` be replayed on `to`.
 * Staying (`to === from`) is always allowed.
 */
export function allowsMove(
  pricing: PricingTable,
  constraints: ReplayConstraints,
  from: string,
  to: string,
): boolean {
  if (to === from) return true;
  if (constraints.exclude?.includes(to) === true) return false;
  const substitutes = constraints.substitutes ?? 'sameProvider';
  if (substitutes === 'sameProvider') {
    const fromFamily = familyOf(pricing, from);
    if (fromFamily === undefined || fromFamily !== familyOf(pricing, to)) return false;
  } else if (substitutes !== 'any') {
    const allowed = Object.prototype.hasOwnProperty.call(substitutes, from)
      ? substitutes[from]
      : undefined;
    if (allowed === undefined || !allowed.includes(to)) return false;
  }
  const floorModel = constraints.floor?.[from];
  if (floorModel !== undefined) {
    const floorRow = priceRowFor(pricing, floorModel);
    if (floorRow === undefined) {
      throw new Error(`Floor for ${from}: no price row for "${floorModel}"`);
    }
    const toRow = priceRowFor(pricing, to);
    if (toRow === undefined || toRow.output < floorRow.output) return false;
  }
  return true;
}
