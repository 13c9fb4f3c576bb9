/**
 * The parts of the traffic's bill each tab models, from one place: the
 * gate the carry of the tool outputs, routing the calls on the models it
 * routes, the budget the prompts. Each part is within the bill, and the
 * Overview lists them beside it. Pure.
 */
import { formatDecimal } from '../format/number-format.ts';
import type { BillPart } from './volume.ts';

const count = (n: number, one: string, many = `${one}s`) =>
  `${formatDecimal(n, 3)} ${n === 1 ? one : many}`;

/** "a", "a and b", "a, b and c". */
export function listWords(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]!}`;
}

/** The gate's part: the carry of the priced tool outputs, never offloaded, as the traffic ran. */
export function gateBillPart(
  carry: { readonly outputs: number; readonly outputsPerDay: number; readonly usdPerDay: number },
  billUsdPerDay: number,
): BillPart {
  return {
    what: `the carry of the ${count(carry.outputs, 'tool output')} in your traffic, never offloaded, as it ran`,
    usdPerDay: carry.usdPerDay,
    unitsPerDay: carry.outputsPerDay,
    billUsdPerDay,
  };
}

/**
 * Routing's part: the calls on the models the routing names, as billed
 * (`keyOf` finds a name's price row, as the bill keys its models), per
 * conversation of the traffic.
 */
export function routingBillPart(
  models: readonly string[],
  keyOf: (name: string) => string | undefined,
  rates: {
    readonly byModelUsdPerDay: Readonly<Record<string, number>>;
    readonly conversationsPerDay: number;
    readonly asBilledUsdPerDay: number;
  },
): BillPart {
  const keys = [...new Set(models.map((m) => keyOf(m) ?? m))];
  const usdPerDay = keys.reduce((sum, key) => sum + (rates.byModelUsdPerDay[key] ?? 0), 0);
  return {
    what: `the calls on ${listWords(keys)} in your traffic`,
    usdPerDay,
    unitsPerDay: rates.conversationsPerDay,
    billUsdPerDay: rates.asBilledUsdPerDay,
  };
}

/** The budget's part: every prompt the traffic sent (plain input, cache reads and writes), per call. */
export function budgetBillPart(rates: {
  readonly promptsUsdPerDay: number;
  readonly callsPerDay: number;
  readonly asBilledUsdPerDay: number;
}): BillPart {
  return {
    what: 'the prompts of your traffic (plain input, cache reads and cache writes; not output)',
    usdPerDay: rates.promptsUsdPerDay,
    unitsPerDay: rates.callsPerDay,
    billUsdPerDay: rates.asBilledUsdPerDay,
  };
}
