// The traffic of several people in every revision-3 format (SPEC §13):
// imported under labels, merged without counting a call twice, billed with
// tokens beside dollars and tool fees apart, broken down by project, branch,
// agent and source, undated calls kept apart, conversations named, and
// traffic stored by the previous version still loaded.
import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_PRICING } from '../../../src/core/pricing.ts';

// The hand-worked figures are priced on SPEC §1's table alone, not the dated price book.
const NO_BOOK = { priceBook: async () => undefined };
import { readTraceFiles } from '../../../src/core/traces/index.ts';
import type { TrafficSource } from '../../../src/engine/traces/read-file.ts';
import { conversationTitle, projectFolder } from '../../../src/engine/traces/traffic-analysis.ts';
import { TRAFFIC_DB_NAME } from '../../../src/engine/traces/traffic-db.ts';
import { TrafficService } from '../../../src/engine/traces/traffic-service.ts';
import type {
  BilledRow,
  TokenTotals,
  TrafficAnalysis,
} from '../../../src/engine/traces/traffic-types.ts';
import { fixturePaths } from './fixture-sources.ts';

const DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../fixtures/traffic-formats');
const PATHS = fixturePaths(DIR);
const nameOf = (path: string) => relative(DIR, path);
const CLAUDE = PATHS.find((p) => p.includes('/claude/'))!;
const CODEX = PATHS.find((p) => p.includes('/codex/'))!;
const STREAM = PATHS.find((p) => p.includes('/stream-json/'))!;
const SSE = PATHS.find((p) => p.endsWith('.sse'))!;
const GEMINI = PATHS.find((p) => p.includes('/gemini/'))!;

function source(path: string, label?: string): TrafficSource {
  const name = nameOf(path);
  const file = new File([readFileSync(path)], name.split('/').pop()!);
  return label === undefined ? { name, file } : { name, file, source: label };
}

/** Ana's laptop (Claude Code, Codex) and Ben's machine (stream-json, SSE, Gemini CLI). */
const ANA = [CLAUDE, CODEX];
const BEN = [STREAM, SSE, GEMINI];

async function importBoth(): Promise<{ service: TrafficService; analysis: TrafficAnalysis }> {
  const service = new TrafficService(NO_BOOK);
  await service.importFiles(ANA.map((p) => source(p, 'ana')));
  await service.importFiles(BEN.map((p) => source(p, 'ben')));
  return { service, analysis: (await service.analyse(DEFAULT_PRICING))! };
}

const usd = (rows: readonly BilledRow[], key: string) => rows.find((r) => r.key === key)?.totalUsd;

function sumTokens(rows: readonly { tokens: TokenTotals }[]): TokenTotals {
  const out = {
    inputTokens: 0,
    cacheReadTokens: 0,
    cacheWrite5mTokens: 0,
    cacheWrite1hTokens: 0,
    outputTokens: 0,
  };
  for (const { tokens } of rows)
    for (const k of Object.keys(out) as (keyof TokenTotals)[]) out[k] += tokens[k];
  return out;
}

afterEach(async () => {
  await new TrafficService(NO_BOOK).forget();
});

describe('traffic of several formats and people', () => {
  it('recognises every format and bills what the core bills for the same labelled files', async () => {
    const { service, analysis } = await importBoth();
    const meta = (await service.load())!;
    expect(meta.files.map((f) => [f.format, f.source])).toEqual([
      ['claude-code', 'ana'],
      ['codex', 'ana'],
      ['stream-json', 'ben'],
      ['anthropic-sse', 'ben'],
      ['gemini-cli', 'ben'],
    ]);
    const core = readTraceFiles(
      [...ANA.map((p) => [p, 'ana'] as const), ...BEN.map((p) => [p, 'ben'] as const)].map(
        ([p, label]) => ({ name: nameOf(p), text: readFileSync(p, 'utf8'), source: label }),
      ),
      DEFAULT_PRICING,
    ).billed!;
    expect(analysis.billed.totals.totalUsd).toBeCloseTo(core.totals.totalUsd, 12);
    for (const [view, map] of [
      ['byProject', core.byProject],
      ['byBranch', core.byBranch],
      ['bySource', core.bySource],
    ] as const) {
      expect(new Map(analysis.billed[view].map((r) => [r.key, r.totalUsd]))).toEqual(
        new Map([...map].map(([k, v]) => [k, v.totalUsd])),
      );
    }
  });

  it('bills the hand-worked figures: by branch, source, agent, undated day and tool fees', async () => {
    const { analysis } = await importBoth();
    const { billed } = analysis;
    // Claude Code (opus-4-6): 0.154015 + a $0.01 search + 0.02451; Codex (gpt-5): 0.023 + 0.011125 + a search.
    const claude = 0.154015 + 0.01 + 0.02451;
    const codex = 0.023 + 0.011125 + 0.01;
    // stream-json (sonnet-4-5): 0.031812, the subagent's 0.012618, 0.028256 with two searches; haiku's remainder 0.0011.
    const stream = 0.031812 + 0.012618 + (0.008256 + 0.02) + 0.0011;
    // SSE (haiku-4-5): 0.001625 and 0.0076 with a search; Gemini (2.5 Pro): 0.0131 and 0.006375.
    const sse = 0.001625 + (0.0076 + 0.01);
    const gemini = 0.0131 + 0.006375;
    expect(usd(billed.byBranch, 'fix/retry')).toBeCloseTo(claude + codex, 10);
    expect(usd(billed.bySource, 'ana')).toBeCloseTo(claude + codex, 10);
    expect(usd(billed.bySource, 'ben')).toBeCloseTo(stream + sse + gemini, 10);
    expect(usd(billed.byProject, '/home/ana/work/billing')).toBeCloseTo(claude + codex, 10);
    expect(usd(billed.byAgent, 'subagent')).toBeCloseTo(0.012618, 10);
    expect(usd(billed.byDay, 'undated')).toBeCloseTo(stream + sse, 10);
    expect(billed.byDay.at(-1)?.key).toBe('undated');
    expect(billed.byKind.toolFeesUsd).toBeCloseTo(0.05, 12);
    expect(billed.totals.toolFeesUsd).toBeCloseTo(0.05, 12);
    expect(billed.toolRequests).toEqual([{ kind: 'web_search', requests: 5 }]);
    // The Codex row's fee column holds its one search.
    const codexRow = billed.byConversation.find((r) => r.key.startsWith('0a7c2e91'))!;
    expect(codexRow.toolFeesUsd).toBeCloseTo(0.01, 12);
    expect(codexRow.tokens).toEqual({
      inputTokens: 12_000 + 3_000,
      cacheReadTokens: 11_000,
      cacheWrite5mTokens: 0,
      cacheWrite1hTokens: 0,
      outputTokens: 800 + 600,
    });
    expect(billed.reported).toEqual({ totalCostUsd: 0.0712, conversations: 1 });
  });

  it('gives every breakdown the same calls, tokens and dollars as the total', async () => {
    const { analysis } = await importBoth();
    const { billed } = analysis;
    for (const view of [
      'byConversation',
      'byModel',
      'byDay',
      'byProject',
      'byBranch',
      'byAgent',
      'bySource',
    ] as const) {
      const rows = billed[view];
      expect(rows.length, view).toBeGreaterThan(0);
      expect(
        rows.reduce((n, r) => n + r.totalUsd, 0),
        view,
      ).toBeCloseTo(billed.totals.totalUsd, 12);
      expect(
        rows.reduce((n, r) => n + r.toolFeesUsd, 0),
        view,
      ).toBeCloseTo(billed.byKind.toolFeesUsd, 12);
      expect(
        rows.reduce((n, r) => n + r.calls, 0),
        view,
      ).toBe(billed.pricedCalls);
      expect(sumTokens(rows), view).toEqual(billed.pricedTokens);
    }
    expect(billed.byAgent.map((r) => r.key)).toEqual(['main', 'subagent']);
    // The tokens of the priced and the unpriced calls make up every token read.
    const unpriced = analysis.models.filter((m) => m.priceRow === undefined);
    expect(unpriced.map((m) => [m.name, m.calls])).toEqual([['in-house-gemini-finetune', 1]]);
    expect(sumTokens([{ tokens: billed.pricedTokens }, ...unpriced])).toEqual(analysis.tokens);
    expect(billed.unpricedCalls).toBe(1);
  });

  it('adds nothing when the same folder is imported again under another label', async () => {
    const service = new TrafficService(NO_BOOK);
    const first = await service.importFiles(PATHS.map((p) => source(p, 'ana-laptop')));
    const again = await service.importFiles(PATHS.map((p) => source(p, 'ana-backup')));
    expect(first.addedCalls).toBeGreaterThan(0);
    expect(again.addedCalls).toBe(0);
    expect(again.meta?.callCount).toBe(first.meta?.callCount);
    const analysis = (await service.analyse(DEFAULT_PRICING))!;
    // The first import to read a call gives it its source.
    expect(analysis.billed.bySource.map((r) => r.key)).toEqual(['ana-laptop']);
    const rows = await service.rows(0, 100);
    expect(new Set(rows.map((r) => r.source))).toEqual(new Set(['ana-laptop']));
  });

  it('keeps undated calls off the time line and after the dated ones', async () => {
    const { service, analysis } = await importBoth();
    const rows = await service.rows(0, 100);
    const undated = rows.filter((r) => r.at === null);
    // stream-json: three calls and haiku's remainder; SSE: two streams.
    expect(undated).toHaveLength(6);
    expect(rows.slice(-undated.length).every((r) => r.at === null)).toBe(true);
    expect(rows.find((r) => r.kind === 'reconciling')?.model).toBe('claude-haiku-4-5-20251001');
    const dated = rows.flatMap((r) => (r.at === null ? [] : [r.at]));
    expect(analysis.firstAt).toBe(Math.min(...dated));
    expect(analysis.lastAt).toBe(Math.max(...dated));
    const cross = (await service.crossFigures(DEFAULT_PRICING))!;
    expect(Number.isFinite(cross.rates.callsPerDay)).toBe(true);
    expect(cross.ttl.calls).toBeGreaterThan(0);
    for (const bin of cross.ttl.bins)
      for (const n of bin.counts) expect(n).toBeGreaterThanOrEqual(0);
  });

  it('names each conversation by its project folder and first prompt or summary', async () => {
    const { analysis } = await importBoth();
    const titles = new Map(analysis.billed.byConversation.map((r) => [r.key, r.title]));
    expect(titles.get('9b1f3c5e-2d4a-4e6b-8c7d-0f1e2a3b4c5d')).toBe(
      'billing · Why is the \u202eretry\u202c test flaky on CI? Look at sync.ts first.',
    );
    expect(titles.get('0a7c2e91-5b3d-4f60-9e21-8d4c6b1f0a37')).toBe(
      'billing · Add a retry with backoff to the invoice sync job and log each attempt',
    );
    expect(titles.get('5d2b8e14-gemini-ana')).toBe(
      'e3b0c44298fc1c14 · Why does the nightly export time out?',
    );
    // stream-json carries no prompt: the project folder alone; an SSE body has neither.
    expect(titles.get('c4e1a9d2-7f35-4b08-a6e3-2d9b5c7f1e40')).toBe('mobile-app');
    expect(titles.get('sse/support-bot.sse')).toBeUndefined();
  });

  it('prefers a Claude Code summary line, and keeps the names for a reload', async () => {
    const shop = fixturePaths(join(DIR, '../traces/claude-code/projects'));
    await new TrafficService(NO_BOOK).importFiles(
      shop.map((p) => ({ name: p, file: new File([readFileSync(p)], 'x.jsonl') })),
    );
    const analysis = (await new TrafficService(NO_BOOK).analyse(DEFAULT_PRICING))!;
    expect(analysis.billed.byConversation[0]?.title).toBe('shop · Fix the failing cart test');
  });

  it('loads traffic stored by the previous version, without the revision-3 fields', async () => {
    const database = await openDB(TRAFFIC_DB_NAME, 1, {
      upgrade(db) {
        db.createObjectStore('meta');
        db.createObjectStore('calls');
      },
    });
    const old = (callId: string, sidechain: boolean) => ({
      conversationId: 's1',
      callId,
      at: 1_775_000_000,
      model: 'claude-sonnet-4-5',
      inputTokens: 10,
      cacheReadTokens: 0,
      cacheWrite5mTokens: 2_000,
      cacheWrite1hTokens: 0,
      outputTokens: 100,
      reasoningTokens: 0,
      sidechain,
      toolResults: [],
    });
    await database.put(
      'meta',
      {
        files: [{ name: 's1.jsonl', bytes: 10, format: 'claude-code', records: 2, skipped: 0 }],
        skipped: [],
        skippedTotal: 0,
        callCount: 2,
      },
      'traffic',
    );
    await database.put('calls', [old('a', false), old('b', true)], 0);
    database.close();

    const service = new TrafficService(NO_BOOK);
    expect((await service.load())?.callCount).toBe(2);
    const rows = await service.rows(0, 10);
    expect(rows.map((r) => [r.kind, r.agent, r.project, r.gitBranch, r.source])).toEqual([
      ['call', 'main', null, null, ''],
      ['call', 'subagent', null, null, ''],
    ]);
    expect(rows.map((r) => r.toolRequests)).toEqual([{}, {}]);
    const analysis = (await service.analyse(DEFAULT_PRICING))!;
    expect(analysis.billed.pricedCalls).toBe(2);
    expect(analysis.billed.byAgent.map((r) => [r.key, r.calls])).toEqual([
      ['main', 1],
      ['subagent', 1],
    ]);
    expect(analysis.billed.byDay.map((r) => r.key)).toEqual(['2026-03-31']);
    // A later import adds to it; the old calls keep their defaults.
    const more = await service.importFiles([source(CLAUDE, 'ana')]);
    expect(more.addedCalls).toBe(2);
  });
});

describe('conversationTitle', () => {
  it.each([
    ['/home/ana/work/billing', { firstPrompt: 'Fix it' }, 'billing · Fix it'],
    ['C:\\Users\\ana\\shop\\', { summary: 'Cart', firstPrompt: 'x' }, 'shop · Cart'],
    [null, { firstPrompt: '  two\nlines  ' }, 'two lines'],
    ['/srv/app', undefined, 'app'],
    [null, undefined, undefined],
  ] as const)('%s and %j → %s', (project, note, title) => {
    expect(conversationTitle(project, note)).toBe(title);
  });

  it('cuts a long prompt to one line of about 80 characters', () => {
    const title = conversationTitle('/p/x', { firstPrompt: 'word '.repeat(60) })!;
    expect(title.startsWith('x · word word')).toBe(true);
    expect(title.endsWith('…')).toBe(true);
    expect(title.length).toBeLessThanOrEqual('x · '.length + 80);
    expect(projectFolder('/')).toBe('/');
  });
});
