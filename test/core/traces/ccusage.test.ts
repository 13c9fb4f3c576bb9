// @vitest-environment node
/**
 * Side by side with ccusage 18.0.11 (the usual command-line report of Claude
 * Code spending): the same transcript, laid out as
 * `<config dir>/projects/<project>/<session>.jsonl` and read by ccusage with
 * its offline prices (`CLAUDE_CONFIG_DIR`, `--offline --mode calculate`).
 * The two reports differ by exactly two things:
 *
 * 1. ccusage keeps the first line of a call written as several lines (it
 *    skips later lines with the same `message.id` and `requestId`), whose
 *    `output_tokens` is partial; the explorer takes the line with the
 *    largest `output_tokens` (SPEC §10).
 * 2. ccusage bills every cache write (`cache_creation_input_tokens`) at the
 *    5-minute rate; the explorer bills `ephemeral_1h_input_tokens` at the
 *    row's 1-hour rate.
 *
 * The first-line usage below is read from the file here, not by the core.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PRICING } from '../../../src/core/pricing.ts';
import { billTrace, readTraceFiles } from '../../../src/core/traces/index.ts';
import { fixture, MAIN_TRANSCRIPT, SESSION, TRACES } from './fixtures.ts';

const ROOT = resolve(import.meta.dirname, '..', '..', '..');
const CCUSAGE = join(ROOT, 'node_modules', 'ccusage', 'dist', 'index.js');

interface CcusageTotals {
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly cacheCreationTokens: number;
  readonly cacheReadTokens: number;
  readonly totalCost: number;
}

function runCcusage(configDir: string): Promise<CcusageTotals> {
  return new Promise((done, fail) => {
    execFile(
      process.execPath,
      [CCUSAGE, 'daily', '--json', '--offline', '--mode', 'calculate', '--timezone', 'UTC'],
      { env: { ...process.env, CLAUDE_CONFIG_DIR: configDir, NO_COLOR: '1' }, timeout: 100_000 },
      (error, stdout) => {
        if (error) fail(error);
        else done((JSON.parse(stdout) as { totals: CcusageTotals }).totals);
      },
    );
  });
}

interface Usage {
  input_tokens: number;
  output_tokens: number;
  cache_read_input_tokens: number;
  cache_creation_input_tokens: number;
  cache_creation: { ephemeral_5m_input_tokens: number; ephemeral_1h_input_tokens: number };
}

/** Each call's first and largest-output line, read straight from the transcript. */
function linesByCall(text: string): Map<string, { model: string; first: Usage; largest: Usage }> {
  const calls = new Map<string, { model: string; first: Usage; largest: Usage }>();
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const record = JSON.parse(line) as {
      type: string;
      requestId?: string;
      message?: { id: string; model: string; usage: Usage };
    };
    if (record.type !== 'assistant' || record.message === undefined) continue;
    const key = `${record.message.id}:${record.requestId}`;
    const seen = calls.get(key);
    if (seen === undefined) {
      calls.set(key, {
        model: record.message.model,
        first: record.message.usage,
        largest: record.message.usage,
      });
    } else if (record.message.usage.output_tokens > seen.largest.output_tokens) {
      seen.largest = record.message.usage;
    }
  }
  return calls;
}

describe('side by side with ccusage 18.0.11', { timeout: 120_000 }, () => {
  const configDir = mkdtempSync(join(tmpdir(), 'ccusage-'));
  let theirs: CcusageTotals;
  beforeAll(async () => {
    const project = join(configDir, 'projects', '-home-dev-shop');
    mkdirSync(project, { recursive: true });
    copyFileSync(join(TRACES, MAIN_TRANSCRIPT), join(project, `${SESSION}.jsonl`));
    theirs = await runCcusage(configDir);
  }, 120_000); // a hook's own limit: ccusage may take up to 100 s on a loaded machine
  afterAll(() => rmSync(configDir, { recursive: true, force: true }));

  const text = readFileSync(join(TRACES, MAIN_TRANSCRIPT), 'utf8');
  const lines = [...linesByCall(text).values()];
  const ours = readTraceFiles([fixture(MAIN_TRANSCRIPT)]).calls;
  const billed = billTrace(ours, DEFAULT_PRICING);
  const sum = (f: (call: (typeof ours)[number]) => number) =>
    ours.reduce((n, call) => n + f(call), 0);

  it('agrees on input, cache reads and the number of tokens written to the cache', () => {
    expect(theirs.inputTokens).toBe(sum((c) => c.inputTokens));
    expect(theirs.cacheReadTokens).toBe(sum((c) => c.cacheReadTokens));
    expect(theirs.cacheCreationTokens).toBe(
      sum((c) => c.cacheWrite5mTokens + c.cacheWrite1hTokens),
    );
  });

  it('counts the output of each call’s first line, where the explorer takes the largest', () => {
    const firstLines = lines.reduce((n, call) => n + call.first.output_tokens, 0);
    const largest = lines.reduce((n, call) => n + call.largest.output_tokens, 0);
    expect(theirs.outputTokens).toBe(firstLines);
    expect(sum((c) => c.outputTokens)).toBe(largest);
    expect(largest).toBeGreaterThan(firstLines);
  });

  it('costs differ by exactly the missing output and the 1-hour writes billed at the 5-minute rate', () => {
    let missingOutputUsd = 0;
    let oneHourPremiumUsd = 0;
    for (const call of lines) {
      const row = DEFAULT_PRICING[call.model.replace(/-\d{8}$/, '')]!;
      missingOutputUsd +=
        ((call.largest.output_tokens - call.first.output_tokens) * row.output) / 1e6;
      oneHourPremiumUsd +=
        (call.largest.cache_creation?.ephemeral_1h_input_tokens ?? 0) *
        ((row.cacheWrite1h! - row.cacheWrite!) / 1e6);
    }
    expect(missingOutputUsd).toBeGreaterThan(0);
    expect(oneHourPremiumUsd).toBeGreaterThan(0);
    expect(billed.totals.totalUsd - theirs.totalCost).toBeCloseTo(
      missingOutputUsd + oneHourPremiumUsd,
      9,
    );
  });
});
