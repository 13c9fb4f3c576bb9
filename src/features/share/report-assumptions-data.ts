/**
 * The figures behind the report's assumptions, as pure functions: the
 * routing conversation's hop count, its cache TTL and the "Prices used"
 * table of the models in play, with the rows the traffic's figures use.
 */
import { cacheModeOf, cacheReadPrice, cacheWritePrice, strategyModels } from '../../core/index.ts';
import type { TrafficPriceUsed } from '../../engine/traces/traffic-prices.ts';
import type { ScenarioData } from '../../model/scenario.ts';
import { formatDecimal } from '../../format/number-format.ts';

/** The models the report's figures are priced on, in the order they first appear. */
export function modelsInPlay(data: ScenarioData): string[] {
  const s = data.routing.scenario;
  const models = [
    data.gate.modelName,
    s.defaultModel.model,
    ...strategyModels(s.strategy),
    ...s.policies.flatMap((p) => (p.model ? [p.model.model] : [])),
  ];
  return [...new Set(models)];
}

/** A row's prices per million tokens, as the report writes them. */
export interface PricesText {
  readonly input: string;
  readonly output: string;
  readonly write5m: string;
  /** "—" where the provider caches by itself (no TTL to choose). */
  readonly write1h: string;
  readonly read: string;
}

/** One line of "Prices used": a price row and what it prices, or a model's absence. */
export interface PriceUsed {
  readonly model: string;
  /** The row's first UTC day, for a dated row. */
  readonly effectiveFrom?: string;
  /** Undefined: the model is not in the price table. */
  readonly prices: PricesText | undefined;
  /** The row is the default price book's, not the scenario's price table's. */
  readonly fromBook: boolean;
  /** What it prices, e.g. "the gate, routing" or "your traffic: 8 calls; a replay target". */
  readonly usedFor: string;
}

/** What the report's assumptions show beside the scenario's own inputs. */
export interface AssumptionFacts {
  /** Hops in the routing conversation. */
  readonly hops: number;
  /** The routing conversation's cache TTL, seconds. */
  readonly ttlSeconds: number;
  /** The scenario's models: the gate's, then routing's. */
  readonly pricesUsed: readonly PriceUsed[];
}

const perM = (usd: number) => `$${formatDecimal(usd, 4, 2)}`;

function pricesText(p: {
  input: number;
  output: number;
  write5m: number;
  write1h: number;
  read: number;
  automatic: boolean;
}): PricesText {
  return {
    input: perM(p.input),
    output: perM(p.output),
    write5m: perM(p.write5m),
    write1h: p.automatic ? '\u2014' : perM(p.write1h),
    read: perM(p.read),
  };
}

/** The hop count, the cache TTL and the prices of the models in play. */
export function assumptionFacts(data: ScenarioData): AssumptionFacts {
  const r = data.routing.scenario;
  const ttlSeconds = r.cacheTtlSeconds ?? 300;
  const gateModel = data.gate.modelName;
  const routing = new Set(modelsInPlay({ ...data, gate: { ...data.gate, modelName: '' } }));
  return {
    hops: r.turns.reduce((n, t) => n + t.hops.length, 0),
    ttlSeconds,
    pricesUsed: modelsInPlay(data).map((model): PriceUsed => {
      const row = data.prices.rows.find((candidate) => candidate.model === model);
      const usedFor = [model === gateModel ? 'the gate' : '', routing.has(model) ? 'routing' : '']
        .filter((w) => w !== '')
        .join(', ');
      return {
        model,
        prices:
          row === undefined
            ? undefined
            : pricesText({
                input: row.input,
                output: row.output,
                write5m: cacheWritePrice(row, 300),
                write1h: cacheWritePrice(row, 3600),
                read: cacheReadPrice(row),
                automatic: cacheModeOf(row) === 'automatic',
              }),
        fromBook: false,
        usedFor,
      };
    }),
  };
}

/** At most this many rows are listed, so that the report still prints on one page. */
export const MAX_LISTED_PRICE_ROWS = 5;

/** "Prices used" with the traffic's rows: the rows listed, and those left to a line. */
export interface PricesUsedTable {
  readonly rows: readonly PriceUsed[];
  /**
   * The rows past `MAX_LISTED_PRICE_ROWS`, by name, and in words how many
   * and the calls they billed ("And 3 more rows the traffic is priced on (12 calls)").
   */
  readonly more: { readonly names: readonly string[]; readonly words: string } | undefined;
}

const countWords = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
const callsWords = (n: number) => countWords(n, 'call', 'calls');

function trafficUse(row: TrafficPriceUsed): string {
  return [
    row.billedCalls > 0 ? `your traffic: ${callsWords(row.billedCalls)}` : '',
    row.target ? 'a replay target' : '',
  ]
    .filter((w) => w !== '')
    .join('; ');
}

/**
 * The scenario's rows, then each row the traffic's figures are priced on
 * (`traffic`, from the worker; the rows billing it, most calls first, then
 * the replay targets'). A traffic row that is the scenario's own undated row
 * joins its line; a row of the book is marked as such (`ownNames`: the
 * scenario table's names). Past `MAX_LISTED_PRICE_ROWS`, the rest are named
 * in one line.
 */
export function pricesUsedTable(
  scenario: readonly PriceUsed[],
  traffic: readonly TrafficPriceUsed[] | undefined,
  ownNames: ReadonlySet<string>,
): PricesUsedTable {
  const rows = [...scenario];
  const rest: TrafficPriceUsed[] = [];
  for (const t of traffic ?? []) {
    const fromBook = !ownNames.has(t.model);
    const at = rows.findIndex(
      (r) => r.model === t.model && !fromBook && !r.fromBook && r.effectiveFrom === t.effectiveFrom,
    );
    if (at >= 0) {
      rows[at] = { ...rows[at]!, usedFor: `${rows[at]!.usedFor}; ${trafficUse(t)}` };
      continue;
    }
    if (rows.length >= MAX_LISTED_PRICE_ROWS) {
      rest.push(t);
      continue;
    }
    rows.push({
      model: t.model,
      ...(t.effectiveFrom === undefined ? {} : { effectiveFrom: t.effectiveFrom }),
      prices: pricesText({
        input: t.input,
        output: t.output,
        write5m: t.cacheWrite5m,
        write1h: t.cacheWrite1h,
        read: t.cacheRead,
        automatic: t.automaticCache,
      }),
      fromBook,
      usedFor: trafficUse(t),
    });
  }
  const billed = rest.reduce((n, t) => n + t.billedCalls, 0);
  return {
    rows,
    more:
      rest.length === 0
        ? undefined
        : {
            names: [...new Set(rest.map((t) => t.model))],
            words: `And ${countWords(rest.length, 'more row', 'more rows')} the traffic is priced on (${callsWords(billed)})`,
          },
  };
}
