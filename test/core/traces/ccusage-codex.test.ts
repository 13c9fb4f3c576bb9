// @vitest-environment node
/**
 * Side by side with @ccusage/codex 18.0.11 (ccusage's report of Codex CLI
 * spending) on the hand-made rollouts of test/fixtures/traces/codex, laid out
 * as `~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl` and read by it with its
 * offline prices (`CODEX_HOME`, `--offline`; any attempt to fetch ends the
 * process). Both sides price with one table: @ccusage/codex's own offline
 * prices for the fixtures' models, checked against its code below.
 *
 * By session, by UTC day and, within each, by model, the two agree on every
 * token and every cent once the differences of DIFFERENCES are applied to
 * the explorer's figures. Each difference is derived here from the rollout
 * lines, not by the core: a difference that is not on the list makes the
 * figures disagree, and a listed one that no longer occurs fails its own
 * check. /work/notes/codex-side.md explains each one.
 *
 * Where they agree by construction of both: `input_tokens` includes
 * `cached_input_tokens` (both bill the difference at the input rate and the
 * cached part at the cache-read rate); `output_tokens` includes
 * `reasoning_output_tokens` (both bill output once, reasoning is only
 * reported); `info: null` lines are no calls; the model follows the latest
 * `turn_context`; a dated name (`gpt-5-mini-2025-08-07`) has its undated
 * prices; the day is the line's own UTC day.
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PriceRow, PricingTable } from '../../../src/core/pricing.ts';
import { billTrace, readTraceFiles, type TraceCall } from '../../../src/core/traces/index.ts';
import { TRACES } from './fixtures.ts';

const ROOT = resolve(import.meta.dirname, '..', '..', '..');
const CLI = join(ROOT, 'node_modules', '@ccusage', 'codex', 'dist', 'index.js');
const CODEX_HOME = join(TRACES, 'codex');
const SESSIONS = join(CODEX_HOME, 'sessions');
/** Loaded before the CLI: a fetch ends it with status 97, so an offline run cannot go online. */
const NO_NETWORK = 'data:text/javascript,globalThis.fetch=()=>process.exit(97)';

/**
 * The one price table, USD per million tokens: @ccusage/codex 18.0.11's
 * offline prices of the models in the fixtures (its `PREFETCHED_CODEX_PRICING`,
 * checked below). No row has a long-context tier, a cache write or
 * `toolFees`: the explorer's web-search fee is OpenAI's family default.
 */
const PRICES: Readonly<Record<string, PriceRow>> = {
  'gpt-5': { provider: 'openai', input: 1.25, output: 10, cacheRead: 0.125 },
  'gpt-5-codex': { provider: 'openai', input: 1.25, output: 10, cacheRead: 0.125 },
  'gpt-5-mini': { provider: 'openai', input: 0.25, output: 2, cacheRead: 0.025 },
};
/** OpenAI's default web_search fee (SPEC §13.4), USD per request. */
const WEB_SEARCH_USD = 10 / 1000;
/** The name @ccusage/codex gives a call made before any `turn_context`. */
const LEGACY_FALLBACK_MODEL = 'gpt-5';

/** The row of PRICES that @ccusage/codex prices a model name with (checked against its table below). */
const THEIR_ROW: Readonly<Record<string, string>> = {
  'gpt-5': 'gpt-5',
  'gpt-5-codex': 'gpt-5-codex',
  'gpt-5-mini': 'gpt-5-mini',
  'gpt-5-mini-2025-08-07': 'gpt-5-mini',
  // No entry of that name: the first entry whose name it contains.
  'gpt-5.5-codex-preview': 'gpt-5',
};

/** The row of PRICES the explorer prices a name with (SPEC §1.1: a date suffix is dropped). */
const OUR_ROW: Readonly<Record<string, string | undefined>> = {
  'gpt-5': 'gpt-5',
  'gpt-5-codex': 'gpt-5-codex',
  'gpt-5-mini': 'gpt-5-mini',
  'gpt-5-mini-2025-08-07': 'gpt-5-mini',
  'gpt-5.5-codex-preview': undefined,
};

/** Token counts as @ccusage/codex reports them: `inputTokens` includes the cached ones. */
interface Tokens {
  readonly inputTokens: number;
  readonly cachedInputTokens: number;
  readonly outputTokens: number;
  readonly reasoningOutputTokens: number;
}

interface Row extends Tokens {
  readonly costUSD: number;
  readonly models: Readonly<Record<string, Tokens>>;
}

interface SessionReport {
  readonly sessions: ReadonlyArray<Row & { readonly sessionId: string }>;
  readonly totals: Tokens & { readonly costUSD: number };
}

interface DailyReport {
  readonly daily: ReadonlyArray<Row & { readonly date: string }>;
}

function runCli<T>(command: 'session' | 'daily'): Promise<T> {
  return new Promise((done, fail) => {
    execFile(
      process.execPath,
      ['--import', NO_NETWORK, CLI, command, '--json', '--offline', '--timezone', 'UTC'],
      {
        env: { ...process.env, CODEX_HOME, NO_COLOR: '1', LOG_LEVEL: '0' },
        timeout: 100_000,
      },
      (error, stdout) => {
        if (error) fail(error);
        else done(JSON.parse(stdout) as T);
      },
    );
  });
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `Mar 02, 2026` (the daily report's `date`) as `2026-03-02`. */
function isoDay(date: string): string {
  const match = /^([A-Z][a-z]{2}) (\d{2}), (\d{4})$/.exec(date);
  if (match === null) throw new Error(`unexpected date ${date}`);
  const month = String(MONTHS.indexOf(match[1]!) + 1).padStart(2, '0');
  return `${match[3]}-${month}-${match[2]}`;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? filesUnder(path) : [path];
    });
}

// ---------------------------------------------------------------------------
// The rollouts' lines, read here: which token_count line is which.

interface RawUsage {
  readonly input_tokens: number;
  readonly cached_input_tokens: number;
  readonly output_tokens: number;
  readonly reasoning_output_tokens: number;
  readonly total_tokens: number;
}

interface TokenLine {
  readonly file: string;
  readonly line: number;
  readonly session: string;
  readonly day: string;
  /** The latest `turn_context` model, if any yet. */
  readonly turnModel: string | undefined;
  /** `session_meta` `payload.model`, if given. */
  readonly metaModel: string | undefined;
  readonly last: RawUsage;
  readonly total: RawUsage;
  /** Its totals equal the previous token_count line's of the file. */
  readonly repeatsPrevious: boolean;
  /** Its totals were already seen in an earlier file of the same session. */
  readonly seenInEarlierFile: boolean;
  /** `web_search_call` items just before it, when its totals are new. */
  readonly webSearches: number;
}

function readLines(): TokenLine[] {
  const out: TokenLine[] = [];
  const totalsBySession = new Map<string, Set<string>>();
  for (const path of filesUnder(SESSIONS)) {
    const file = relative(TRACES, path);
    let session = '';
    let metaModel: string | undefined;
    let turnModel: string | undefined;
    let previous: string | undefined;
    let searches = 0;
    const seenHere = new Set<string>();
    readFileSync(path, 'utf8')
      .split('\n')
      .forEach((text, index) => {
        if (text === '') return;
        const record = JSON.parse(text) as {
          timestamp: string;
          type: string;
          payload: {
            type?: string;
            id?: string;
            model?: string;
            info?: { last_token_usage: RawUsage; total_token_usage: RawUsage } | null;
          };
        };
        const payload = record.payload;
        if (record.type === 'session_meta') {
          session = payload.id!;
          metaModel = payload.model;
        } else if (record.type === 'turn_context') turnModel = payload.model;
        else if (record.type === 'response_item' && payload.type === 'web_search_call')
          searches += 1;
        else if (record.type === 'event_msg' && payload.type === 'token_count' && payload.info) {
          const key = JSON.stringify(payload.info.total_token_usage);
          const earlier = totalsBySession.get(session) ?? new Set<string>();
          const repeatsPrevious = key === previous;
          out.push({
            file,
            line: index + 1,
            session,
            day: record.timestamp.slice(0, 10),
            turnModel,
            metaModel,
            last: payload.info.last_token_usage,
            total: payload.info.total_token_usage,
            repeatsPrevious,
            seenInEarlierFile: earlier.has(key),
            webSearches: repeatsPrevious ? 0 : searches,
          });
          if (!repeatsPrevious) searches = 0;
          previous = key;
          seenHere.add(key);
        }
      });
    const earlier = totalsBySession.get(session) ?? new Set<string>();
    for (const key of seenHere) earlier.add(key);
    totalsBySession.set(session, earlier);
  }
  return out;
}

// ---------------------------------------------------------------------------
// The differences.

/** A change to one figure, in @ccusage/codex's terms: tokens and USD at a (session, day, model). */
interface Adjustment extends Tokens {
  readonly session: string;
  readonly day: string;
  readonly model: string;
  readonly usd: number;
}

const NO_TOKENS: Tokens = {
  inputTokens: 0,
  cachedInputTokens: 0,
  outputTokens: 0,
  reasoningOutputTokens: 0,
};

/** The model @ccusage/codex names a line's call with. */
const theirModel = (line: TokenLine): string => line.turnModel ?? LEGACY_FALLBACK_MODEL;

/** The model the explorer names a line's call with (SPEC §13.5). */
const ourModel = (line: TokenLine): string => (line.turnModel ?? line.metaModel)!;

/** A line's counts as @ccusage/codex adds them: the cached part capped at the input. */
function theirTokens(line: TokenLine): Tokens {
  return {
    inputTokens: line.last.input_tokens,
    cachedInputTokens: Math.min(line.last.cached_input_tokens, line.last.input_tokens),
    outputTokens: line.last.output_tokens,
    reasoningOutputTokens: line.last.reasoning_output_tokens,
  };
}

/** `tokens` at `row`'s prices (plain input, cache reads, output), USD. */
function usdAt(tokens: Tokens, row: string): number {
  const price = PRICES[row]!;
  return (
    ((tokens.inputTokens - tokens.cachedInputTokens) * price.input +
      tokens.cachedInputTokens * price.cacheRead! +
      tokens.outputTokens * price.output) /
    1e6
  );
}

/** What the explorer bills `tokens` of `model` (0 when it has no row; fees aside). */
function ourUsdAt(tokens: Tokens, model: string): number {
  const row = OUR_ROW[model];
  return row === undefined ? 0 : usdAt(tokens, row);
}

function theirCount(line: TokenLine, sign = 1): Adjustment {
  const tokens = theirTokens(line);
  const model = theirModel(line);
  return {
    session: line.session,
    day: line.day,
    model,
    inputTokens: sign * tokens.inputTokens,
    cachedInputTokens: sign * tokens.cachedInputTokens,
    outputTokens: sign * tokens.outputTokens,
    reasoningOutputTokens: sign * tokens.reasoningOutputTokens,
    usd: sign * usdAt(tokens, THEIR_ROW[model]!),
  };
}

interface Difference {
  readonly name: string;
  readonly reason: string;
  /**
   * `not a call`: the explorer has no call for the line, @ccusage/codex counts it
   * (a line is claimed by the first such difference); `billed otherwise`: both
   * count the call, differently (several may apply to one line).
   */
  readonly kind: 'not a call' | 'billed otherwise';
  readonly claims: (line: TokenLine) => boolean;
  /** What it changes, from the explorer's figures to @ccusage/codex's. */
  readonly adjust: (line: TokenLine) => Adjustment[];
}

const DIFFERENCES: readonly Difference[] = [
  {
    name: 'cached count above the input',
    kind: 'not a call',
    reason:
      '@ccusage/codex caps cached_input_tokens at input_tokens and adds the line; the explorer ' +
      'reports it ("cached tokens exceed the prompt") and bills nothing for it',
    claims: (line) => line.last.cached_input_tokens > line.last.input_tokens,
    adjust: (line) => [theirCount(line)],
  },
  {
    name: 'token_count written twice',
    kind: 'not a call',
    reason:
      'Codex writes each call’s token_count twice with the same totals; @ccusage/codex adds ' +
      'last_token_usage of every line, the explorer one call per change of total_token_usage',
    claims: (line) => line.repeatsPrevious,
    adjust: (line) => [theirCount(line)],
  },
  {
    name: 'history repeated by a resumed session',
    kind: 'not a call',
    reason:
      'the resumed file repeats the last token_count of the earlier one; @ccusage/codex counts ' +
      'it again (its session is the file), the explorer’s call id tc-<total_tokens> in the ' +
      'same session id adds nothing',
    claims: (line) => line.seenInEarlierFile,
    adjust: (line) => [theirCount(line)],
  },
  {
    name: 'no turn_context yet',
    kind: 'billed otherwise',
    reason:
      'before the first turn_context @ccusage/codex names the call gpt-5 (its legacy ' +
      'fallback, isFallback) and prices it so; the explorer takes session_meta’s payload.model',
    claims: (line) => line.turnModel === undefined,
    adjust: (line) => {
      const tokens = theirTokens(line);
      const ours = ourModel(line);
      return [
        { ...theirCount(line, -1), model: ours, usd: -ourUsdAt(tokens, ours) },
        theirCount(line),
      ];
    },
  },
  {
    name: 'a model name no table has',
    kind: 'billed otherwise',
    reason:
      '@ccusage/codex prices a name it does not know at the first entry of its table whose ' +
      'name it contains (gpt-5.5-codex-preview at gpt-5); the explorer leaves the calls ' +
      'unpriced and lists them',
    claims: (line) => OUR_ROW[ourModel(line)] === undefined,
    adjust: (line) => [{ ...theirCount(line), ...NO_TOKENS }],
  },
  {
    name: 'web search fees',
    kind: 'billed otherwise',
    reason:
      'the explorer bills each web_search_call item at OpenAI’s $10 per 1,000 requests, on the ' +
      'next call of the file (SPEC §13.4); @ccusage/codex bills tokens only',
    claims: (line) => line.webSearches > 0,
    adjust: (line) => [
      {
        session: line.session,
        day: line.day,
        model: ourModel(line),
        ...NO_TOKENS,
        usd: -line.webSearches * WEB_SEARCH_USD,
      },
    ],
  },
];

/** Every difference's adjustments, line by line. */
function adjustmentsOf(lines: readonly TokenLine[]): Map<string, Adjustment[]> {
  const out = new Map<string, Adjustment[]>(DIFFERENCES.map((d) => [d.name, []]));
  for (const line of lines) {
    const missing = DIFFERENCES.find((d) => d.kind === 'not a call' && d.claims(line));
    const apply =
      missing !== undefined
        ? [missing]
        : DIFFERENCES.filter((d) => d.kind === 'billed otherwise' && d.claims(line));
    for (const difference of apply) out.get(difference.name)!.push(...difference.adjust(line));
  }
  return out;
}

// ---------------------------------------------------------------------------
// Figures by key: (what) → tokens and USD.

interface Figure extends Tokens {
  usd: number;
}

class Figures {
  readonly #figures = new Map<string, Figure>();

  add(key: string, tokens: Tokens, usd = 0): void {
    const figure = this.#figures.get(key) ?? { ...NO_TOKENS, usd: 0 };
    this.#figures.set(key, {
      inputTokens: figure.inputTokens + tokens.inputTokens,
      cachedInputTokens: figure.cachedInputTokens + tokens.cachedInputTokens,
      outputTokens: figure.outputTokens + tokens.outputTokens,
      reasoningOutputTokens: figure.reasoningOutputTokens + tokens.reasoningOutputTokens,
      usd: figure.usd + usd,
    });
  }

  get(key: string): Figure {
    return this.#figures.get(key) ?? { ...NO_TOKENS, usd: 0 };
  }

  keys(): string[] {
    return [...this.#figures.keys()].sort();
  }
}

const tokensOf = (call: TraceCall): Tokens => ({
  inputTokens: call.inputTokens + call.cacheReadTokens,
  cachedInputTokens: call.cacheReadTokens,
  outputTokens: call.outputTokens,
  reasoningOutputTokens: call.reasoningTokens,
});

/** Sessions, days and their models; USD only for sessions, days and the whole (ccusage has no per-model cost). */
const keysOf = (session: string, day: string, model: string): string[] => [
  `session ${session}`,
  `session ${session} · ${model}`,
  `day ${day}`,
  `day ${day} · ${model}`,
  'all',
];

const hasUsd = (key: string): boolean => !key.includes(' · ');

describe('side by side with @ccusage/codex 18.0.11', { timeout: 120_000 }, () => {
  let sessionReport: SessionReport;
  let dailyReport: DailyReport;
  beforeAll(async () => {
    [sessionReport, dailyReport] = await Promise.all([
      runCli<SessionReport>('session'),
      runCli<DailyReport>('daily'),
    ]);
  }, 120_000); // a hook's own limit: the CLI may take up to 100 s on a loaded machine

  const paths = filesUnder(SESSIONS);
  const read = readTraceFiles(
    paths.map((path) => ({ name: relative(TRACES, path), text: readFileSync(path, 'utf8') })),
  );
  const table: PricingTable = PRICES;
  const billed = billTrace(read.calls, table);
  const lines = readLines();
  const adjustments = adjustmentsOf(lines);
  /** A session's id, by @ccusage/codex's session key (the file's path under sessions/, no extension). */
  const sessionOfFile = new Map(
    paths.map((path) => [
      relative(SESSIONS, path).replace(/\.jsonl$/, ''),
      (JSON.parse(readFileSync(path, 'utf8').split('\n')[0]!) as { payload: { id: string } })
        .payload.id,
    ]),
  );

  function theirs(): Figures {
    const figures = new Figures();
    for (const row of sessionReport.sessions) {
      const session = sessionOfFile.get(row.sessionId);
      expect(session, row.sessionId).toBeDefined();
      figures.add(`session ${session}`, row, row.costUSD);
      for (const [model, tokens] of Object.entries(row.models))
        figures.add(`session ${session} · ${model}`, tokens);
      figures.add('all', row, row.costUSD);
    }
    for (const row of dailyReport.daily) {
      const day = isoDay(row.date);
      figures.add(`day ${day}`, row, row.costUSD);
      for (const [model, tokens] of Object.entries(row.models))
        figures.add(`day ${day} · ${model}`, tokens);
    }
    return figures;
  }

  /** The explorer's figures, with the listed differences applied (those `apply` keeps). */
  function ours(apply: (name: string) => boolean = () => true): Figures {
    const figures = new Figures();
    for (const call of read.calls) {
      const day = new Date(call.at! * 1000).toISOString().slice(0, 10);
      for (const key of keysOf(call.conversationId, day, call.model))
        figures.add(key, tokensOf(call));
    }
    for (const [session, cost] of billed.byConversation)
      figures.add(`session ${session}`, NO_TOKENS, cost.totalUsd);
    for (const [day, cost] of billed.byDay) figures.add(`day ${day}`, NO_TOKENS, cost.totalUsd);
    figures.add('all', NO_TOKENS, billed.totals.totalUsd);
    for (const [name, list] of adjustments) {
      if (!apply(name)) continue;
      for (const a of list)
        for (const key of keysOf(a.session, a.day, a.model))
          figures.add(key, a, hasUsd(key) ? a.usd : 0);
    }
    return figures;
  }

  it('prices with @ccusage/codex’s own offline table', () => {
    const code = readFileSync(CLI, 'utf8');
    const start = code.indexOf('const PREFETCHED_CODEX_PRICING = ');
    const end = code.indexOf('\n};\n', start);
    expect(start, 'PREFETCHED_CODEX_PRICING in the CLI').toBeGreaterThan(0);
    const table = JSON.parse(
      code.slice(start + 'const PREFETCHED_CODEX_PRICING = '.length, end + 2),
    ) as Record<string, Record<string, number>>;
    for (const [name, row] of Object.entries(THEIR_ROW)) {
      const entry =
        table[name] ??
        table[Object.keys(table).find((key) => name.includes(key) || key.includes(name))!]!;
      const price = PRICES[row]!;
      expect(entry.input_cost_per_token! * 1e6, name).toBeCloseTo(price.input, 12);
      expect(entry.output_cost_per_token! * 1e6, name).toBeCloseTo(price.output, 12);
      expect(entry.cache_read_input_token_cost! * 1e6, name).toBeCloseTo(price.cacheRead!, 12);
    }
    expect(table['gpt-5.5-codex-preview']).toBeUndefined();
  });

  it('agrees on every token and every cent once the listed differences are applied', () => {
    const mine = ours();
    const their = theirs();
    const keys = [...new Set([...mine.keys(), ...their.keys()])].sort();
    expect(keys.filter((k) => k.startsWith('session ') && !k.includes(' · '))).toHaveLength(4);
    expect(keys.filter((k) => k.startsWith('day ') && !k.includes(' · '))).toHaveLength(3);
    for (const key of keys) {
      const a = mine.get(key);
      const b = their.get(key);
      expect({ key, ...tokensOfFigure(a) }).toEqual({ key, ...tokensOfFigure(b) });
      if (hasUsd(key))
        expect(Math.abs(a.usd - b.usd), `${key}: ${a.usd} vs ${b.usd}`).toBeLessThan(1e-9);
    }
  });

  it.each(DIFFERENCES.map((d) => [d.name, d] as const))(
    'still differs by “%s” (worth a cent or more)',
    (name) => {
      const list = adjustments.get(name)!;
      expect(list.length).toBeGreaterThan(0);
      expect(Math.abs(list.reduce((n, a) => n + a.usd, 0))).toBeGreaterThanOrEqual(0.01);
      // Without it, the totals disagree.
      const without = ours((other) => other !== name).get('all');
      expect(Math.abs(without.usd - theirs().get('all').usd)).toBeGreaterThan(0.005);
    },
  );

  it('reports the line @ccusage/codex reads with its cached count capped, and lists the unknown model', () => {
    const capped = lines.filter((l) => l.last.cached_input_tokens > l.last.input_tokens);
    expect(read.skipped.map((s) => [s.file, s.line])).toEqual(capped.map((l) => [l.file, l.line]));
    for (const skip of read.skipped) expect(skip.reason).toMatch(/cached tokens exceed the prompt/);
    expect([...billed.unpriced]).toEqual([['gpt-5.5-codex-preview', 2]]);
    expect(billed.toolRequests.get('web_search')).toBe(
      lines.reduce((n, l) => n + l.webSearches, 0),
    );
  });
});

function tokensOfFigure(figure: Figure): Tokens {
  return {
    inputTokens: figure.inputTokens,
    cachedInputTokens: figure.cachedInputTokens,
    outputTokens: figure.outputTokens,
    reasoningOutputTokens: figure.reasoningOutputTokens,
  };
}
