/**
 * The parts of the traffic's bill each tab models, from one place: the
 * gate the carry of the tool outputs, routing the calls on the models it
 * routes, the budget the prompts. Each part is within the bill, and the
 * Overview lists them beside it. Pure.
 */
import { findPriceKey, type PricingTable } from '../core/index.ts';
import type { RoutingScenario } from '../core/routing/types.ts';
import { formatDecimal } from '../format/number-format.ts';
import type { TabId } from '../model/ui.ts';
import { scenarioModels } from './baselines.ts';
import { DAYS_PER_MONTH, type BillPart } from './volume.ts';

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
 * Routing's part: the calls on the models the scenario names, as billed
 * (each name by its price row, as the bill keys its models), per
 * conversation of the traffic.
 */
export function routingBillPart(
  scenario: RoutingScenario,
  pricing: PricingTable,
  rates: {
    readonly byModelUsdPerDay: Readonly<Record<string, number>>;
    readonly conversationsPerDay: number;
    readonly asBilledUsdPerDay: number;
  },
): BillPart {
  const keys = [...new Set(scenarioModels(scenario).map((m) => findPriceKey(pricing, m) ?? m))];
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

/** The part of the bill one tab's monthly figures model (the tab's volume line says the same). */
export interface TabPart {
  readonly tab: TabId;
  readonly tabLabel: string;
  /** Which part, in words. */
  readonly what: string;
  readonly per30DaysUsd: number;
  /** Of the whole bill, 0–1. */
  readonly share: number;
  /** How it sits in the bill by kind of charge, a sentence. */
  readonly within: string;
}

/** The gate's, the budget's and routing's parts, in the order they nest: carry within prompts. */
export function tabPartsOf(parts: {
  readonly gate?: BillPart | undefined;
  readonly budget?: BillPart | undefined;
  readonly routing?: BillPart | undefined;
}): TabPart[] {
  const rows: TabPart[] = [];
  const add = (tab: TabId, tabLabel: string, part: BillPart | undefined, within: string): void => {
    if (part === undefined) return;
    rows.push({
      tab,
      tabLabel,
      what: part.what.charAt(0).toUpperCase() + part.what.slice(1),
      per30DaysUsd: part.usdPerDay * DAYS_PER_MONTH,
      share: part.billUsdPerDay > 0 ? part.usdPerDay / part.billUsdPerDay : 0,
      within,
    });
  };
  add('budget', 'Prompt budget', parts.budget, 'The prompt lines of the bill above.');
  add('gate', 'Offload gate', parts.gate, 'Within the prompts: what the tool outputs add to them.');
  add(
    'routing',
    'Model routing',
    parts.routing,
    "Prompts, output and fees of those models' calls.",
  );
  return rows;
}
