/**
 * The versioned scenario (SPEC §6): everything a user set, as one object
 * `{ v: 1, ui, prices, gate, budget, routing, traffic }`. zod validates it wherever it
 * comes from outside (URL hash, local storage, files); the core never sees
 * unvalidated data.
 */
import './zod-config.ts';
import * as z from 'zod/mini';
import {
  atMost,
  CONTEXT_TOKENS,
  HORIZON_TURNS,
  MAX_BUDGET_ROWS,
  MAX_PRICE_ROWS,
  MAX_SECTION_BUDGETS,
  MAX_TEXT_CHARS,
  RECALL_ELASTICITY,
  TOKENS,
} from '../core/limits.ts';
import { MAX_JSON_DEPTH } from '../core/limits.ts';
import { valueDepth } from './json-guard.ts';
import { routingSchema } from './routing-schema.ts';
import {
  id,
  modelName,
  name,
  tokens,
  usdPerMillion,
  volumePerDay,
  wholeNumber,
  wholeTokens,
} from './scenario-fields.ts';
import { trafficSchema } from './traffic-schema.ts';
import { describePath, isPlainObject, overDefaults, shortJson } from './scenario-parse-helpers.ts';
import { DEFAULT_SCENARIO, type ScenarioData } from '../model/scenario.ts';
import { MAX_REPORT_NOTE_CHARS, MAX_REPORT_TITLE_CHARS } from '../model/ui.ts';
import { shareableTraffic } from './trace-names.ts';

export const SCENARIO_VERSION = 1;

// SPEC §1.1: a token count of a price row; at most 1,000,000,000 (no model
// has a context near that), so a link cannot carry a count the core rejects.
const rowTokens = z
  .int('must be a whole number of tokens')
  .check(
    z.minimum(0, 'must be 0 or more tokens'),
    z.maximum(1_000_000_000, 'must be at most 1,000,000,000 tokens'),
  );
const longContextTier = z.object({
  thresholdTokens: rowTokens,
  input: usdPerMillion,
  output: z.optional(usdPerMillion),
  cacheWrite: z.optional(usdPerMillion),
  cacheWrite1h: z.optional(usdPerMillion),
  cacheRead: z.optional(usdPerMillion),
});
const priceRow = z.object({
  model: modelName,
  provider: name,
  input: usdPerMillion,
  output: usdPerMillion,
  cacheWrite: z.optional(usdPerMillion),
  cacheWrite1h: z.optional(usdPerMillion),
  cacheRead: z.optional(usdPerMillion),
  maxInputTokens: z.optional(
    wholeNumber(1, CONTEXT_TOKENS.max, 'must be more than 0 tokens', atMost(CONTEXT_TOKENS)),
  ),
  // Revision 2 (SPEC §1.1); scenarios written before it have neither.
  minCacheableTokens: z.optional(rowTokens),
  longContext: z.optional(longContextTier),
  // Revision 3 (SPEC §13.6); scenarios written before it have none of them.
  effectiveFrom: z.optional(
    z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a day, YYYY-MM-DD')),
  ),
  cacheMode: z.optional(z.enum(['explicit', 'automatic'])),
  automaticCacheTtlSeconds: z.optional(
    z
      .int('must be a whole number of seconds')
      .check(
        z.minimum(1, 'must be at least 1 second'),
        z.maximum(86_400, 'must be at most 86,400 seconds (a day)'),
      ),
  ),
  toolFees: z.optional(z.record(z.string().check(z.maxLength(64)), usdPerMillion)),
});

const uiSchema = z.object({
  tab: z.enum(['overview', 'gate', 'budget', 'routing', 'prices', 'traffic']),
  theme: z.enum(['system', 'light', 'dark']),
  // The report's title and note: optional, so scenarios without them read as before.
  reportTitle: z.optional(
    z
      .string()
      .check(z.maxLength(MAX_REPORT_TITLE_CHARS, atMost(MAX_REPORT_TITLE_CHARS, 'characters'))),
  ),
  reportNote: z.optional(
    z
      .string()
      .check(z.maxLength(MAX_REPORT_NOTE_CHARS, atMost(MAX_REPORT_NOTE_CHARS, 'characters'))),
  ),
});

const pricesSchema = z.object({
  rows: z.array(priceRow).check(
    z.maxLength(MAX_PRICE_ROWS, atMost(MAX_PRICE_ROWS, 'models')),
    z.refine(
      (rows) => new Set(rows.map((r) => r.model)).size === rows.length,
      'model names must be unique',
    ),
  ),
});

const gateSchema = z.object({
  outputTokens: tokens.check(z.maximum(1e9, 'must be at most 1,000,000,000 tokens')),
  horizon: z
    .number()
    .check(
      z.minimum(0, 'must be 0 or more turns'),
      z.maximum(HORIZON_TURNS.max, `must be ${atMost(HORIZON_TURNS)}`),
    ),
  recallProbability: z
    .number()
    .check(z.minimum(0, 'must be between 0 and 1'), z.maximum(1, 'must be between 0 and 1')),
  modelName: name,
  largeOffloadThresholdTokens: wholeTokens,
  stubTokens: wholeTokens,
  recallInputTokens: wholeTokens,
  recallOutputTokens: wholeTokens,
  population: z.object({
    // 'traffic': the receiver's own traffic; a link carries the mode, never the outputs.
    mode: z.enum(['lognormal', 'pasted', 'traffic']),
    medianTokens: z
      .number()
      .check(z.positive('must be more than 0 tokens'), z.maximum(TOKENS.max, atMost(TOKENS))),
    sigma: z.number().check(z.minimum(0), z.maximum(5, 'must be at most 5')),
    pasted: z
      .string()
      .check(
        z.maxLength(
          MAX_TEXT_CHARS,
          `pasted sizes are too long (${atMost(MAX_TEXT_CHARS, 'characters')})`,
        ),
      ),
    sizeOnlyThresholdTokens: tokens,
    // SPEC §2.1 (revision 2); links written before it name none of these and take the defaults.
    carryBasis: z.enum(['uncached', 'cached']),
    cacheHitShare: z
      .number()
      .check(z.minimum(0, 'must be between 0 and 1'), z.maximum(1, 'must be between 0 and 1')),
    tailTokens: wholeTokens,
    recallElasticity: z
      .number()
      .check(
        z.minimum(0, 'must be 0 or more'),
        z.maximum(RECALL_ELASTICITY.max, atMost(RECALL_ELASTICITY)),
      ),
    horizon: z.nullable(
      z
        .number()
        .check(
          z.minimum(0, 'must be 0 or more turns'),
          z.maximum(HORIZON_TURNS.max, `must be ${atMost(HORIZON_TURNS)}`),
        ),
    ),
    recallProbability: z.nullable(
      z
        .number()
        .check(z.minimum(0, 'must be between 0 and 1'), z.maximum(1, 'must be between 0 and 1')),
    ),
  }),
  tailTokens: wholeTokens,
  // The volume line's typed rate; older scenarios have none (null: the traffic's or the default).
  volumePerDay: volumePerDay,
});

const budgetSchema = z.object({
  rows: z
    .array(
      z.object({
        contributionId: id,
        section: id,
        tier: z.enum(['stable', 'session', 'perTurn']),
        tokens: wholeTokens,
        text: z.nullable(
          z.string().check(z.maxLength(MAX_TEXT_CHARS, atMost(MAX_TEXT_CHARS, 'characters'))),
        ),
        pinned: z.boolean(),
      }),
    )
    .check(z.maxLength(MAX_BUDGET_ROWS, atMost(MAX_BUDGET_ROWS, 'rows'))),
  maxTotalTokens: wholeTokens,
  unbounded: z.boolean(),
  charsPerToken: z.int().check(z.minimum(1, 'must be a whole number of 1 or more'), z.maximum(100)),
  sectionBudgets: z
    .array(z.object({ section: id, maxTotalTokens: z.nullable(wholeTokens) }))
    .check(z.maxLength(MAX_SECTION_BUDGETS, atMost(MAX_SECTION_BUDGETS, 'section budgets'))),
  estimatorErrorPct: z.number().check(z.minimum(0), z.maximum(100, 'must be at most 100%')),
  errorScope: z.enum(['all', 'estimated']),
  // The volume line (older scenarios take the defaults).
  volumePerDay: volumePerDay,
  volumeModel: modelName,
});

/** The whole scenario, version 1. */
export const scenarioSchemaV1 = z.object({
  v: z.literal(1),
  ui: uiSchema,
  prices: pricesSchema,
  gate: gateSchema,
  budget: budgetSchema,
  routing: routingSchema,
  traffic: trafficSchema,
});

/** The schema of each part of the scenario, for checking the part that changed. */
const sliceSchemas = {
  ui: uiSchema,
  prices: pricesSchema,
  gate: gateSchema,
  budget: budgetSchema,
  routing: routingSchema,
  traffic: trafficSchema,
} as const;

/** The parts of a scenario. */
export type ScenarioSlice = keyof typeof sliceSchemas;
export const SCENARIO_SLICES = Object.keys(sliceSchemas) as ScenarioSlice[];

/**
 * Checks one part of a scenario the app holds (a change made on screen or by
 * an import) against the schema a reload reads it with: null when fine, else
 * the message naming the field and the limit ("prices.rows[3].input: at most
 * 1,000,000 USD per million tokens"). Never throws.
 */
export function checkSlice(slice: ScenarioSlice, value: unknown): string | null {
  try {
    if (valueDepth(value) > MAX_JSON_DEPTH - 1) {
      return `${slice}: nested too deeply (at most ${MAX_JSON_DEPTH} levels of arrays and objects)`;
    }
    const result = sliceSchemas[slice].safeParse(value);
    if (result.success) return null;
    const issue = result.error.issues[0];
    return issue === undefined
      ? `${slice}: invalid`
      : `${describePath([slice, ...issue.path])}: ${issue.message}`;
  } catch (error) {
    return `${slice}: could not be checked (${String(error)})`;
  }
}

/** What reading a scenario from outside gives: the data, or a message naming the bad field. */
export type ScenarioParse = { ok: true; data: ScenarioData } | { ok: false; error: string };

/**
 * Migrates a scenario of any known version to the current one. Version 1 is
 * the first; later versions add their steps here.
 */
function migrate(raw: Record<string, unknown>): Record<string, unknown> | string {
  const v = raw['v'];
  if (v === undefined) return 'v: missing version number (expected {"v": 1, …})';
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1)
    return `v: unknown version ${shortJson(v)}`;
  if (v > SCENARIO_VERSION) {
    return `v: this scenario is from a newer version of the explorer (v${v}); this one reads up to v${SCENARIO_VERSION}`;
  }
  return raw;
}

/**
 * Validates a scenario read from outside (already JSON-parsed). Missing
 * fields take their defaults; a wrong field is named in the message.
 */
export function parseScenario(raw: unknown): ScenarioParse {
  if (!isPlainObject(raw)) return { ok: false, error: 'scenario: expected a JSON object' };
  // Depth first: the schema walks the value recursively.
  if (valueDepth(raw) > MAX_JSON_DEPTH) {
    return {
      ok: false,
      error: `scenario: nested too deeply (at most ${MAX_JSON_DEPTH} levels of arrays and objects)`,
    };
  }
  const migrated = migrate(raw);
  if (typeof migrated === 'string') return { ok: false, error: migrated };
  let result: ReturnType<typeof scenarioSchemaV1.safeParse>;
  try {
    const merged = overDefaults({ v: SCENARIO_VERSION, ...DEFAULT_SCENARIO }, migrated);
    result = scenarioSchemaV1.safeParse(merged);
  } catch (error) {
    // Belt and braces: parsing never throws, whatever the input.
    return { ok: false, error: `scenario: could not be read (${String(error)})` };
  }
  if (!result.success) {
    const issue = result.error.issues[0];
    if (issue === undefined) return { ok: false, error: 'scenario: invalid' };
    return { ok: false, error: `${describePath(issue.path)}: ${issue.message}` };
  }
  const { v: _v, ...data } = result.data;
  return { ok: true, data: data as unknown as ScenarioData };
}

/** The versioned scenario object for export. */
export function toVersionedScenario(data: ScenarioData): { v: number } & ScenarioData {
  return { v: SCENARIO_VERSION, ...data, traffic: shareableTraffic(data) };
}
