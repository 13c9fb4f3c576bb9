/**
 * A generated Claude Code stream-json corpus (`claude -p --output-format
 * stream-json`, SPEC §13.5) for the trace-import benchmark: one file per
 * run, deterministic from a seed. A `system` init event, then calls written
 * as two or three `assistant` events (text, tool_use) repeating the
 * message id with a partial `output_tokens` until the last, `user` events
 * carrying tool results of log-normal size, and the final `result` event
 * with `modelUsage` (which also counts a small side model the events never
 * show).
 */
import { join } from 'node:path';
import { random, toolOutputChars, words } from './bench-kit.ts';
import { openCorpusFile } from './corpus-file.ts';

const MB = 1024 * 1024;
const CALLS_PER_RUN = 200;

/** Writes stream-json runs of about `megabytes` MB in all under `dir`; returns their paths. */
export function generateStreamJsonRuns(dir: string, megabytes: number): string[] {
  const next = random(20_261_203);
  const target = megabytes * MB;
  const files: string[] = [];
  let written = 0;
  for (let run = 0; written < target; run++) {
    const sessionId = `3f6b2a10-7c4d-4e8f-9a1b-${String(run).padStart(12, '0')}`;
    const path = join(dir, `run-${String(run).padStart(4, '0')}.jsonl`);
    files.push(path);
    const file = openCorpusFile(path);
    const model = 'claude-sonnet-4-5-20250929';
    file.emit({
      type: 'system',
      subtype: 'init',
      cwd: '/home/dev/projects/cli',
      session_id: sessionId,
      tools: ['Bash', 'Read', 'Edit', 'Grep'],
      model,
      permissionMode: 'default',
      apiKeySource: 'none',
    });
    const usage = { input: 0, output: 0, read: 0, write: 0 };
    let prompt = 12_000;
    for (let call = 0; call < CALLS_PER_RUN; call++) {
      const id = `msg_01Run${run.toString(36)}x${call.toString(36)}`;
      const tool = next() < 0.85 ? `toolu_${run.toString(36)}_${call.toString(36)}` : undefined;
      const blocks: unknown[] = [{ type: 'text', text: words(next, 200) }];
      if (tool !== undefined)
        blocks.push({
          type: 'tool_use',
          id: tool,
          name: 'Read',
          input: { file_path: 'src/app.ts' },
        });
      const write = 200 + Math.floor(next() * 3000);
      const output = 20 + Math.floor(next() * 900);
      blocks.forEach((block, i) =>
        file.emit({
          type: 'assistant',
          message: {
            model,
            id,
            type: 'message',
            role: 'assistant',
            content: [block],
            stop_reason: null,
            usage: {
              input_tokens: 3,
              cache_creation_input_tokens: write,
              cache_read_input_tokens: prompt,
              cache_creation: { ephemeral_5m_input_tokens: write, ephemeral_1h_input_tokens: 0 },
              output_tokens: i === blocks.length - 1 ? output : 3,
              service_tier: 'standard',
            },
          },
          parent_tool_use_id: null,
          session_id: sessionId,
          uuid: `${id}-${i}`,
        }),
      );
      usage.input += 3;
      usage.output += output;
      usage.read += prompt;
      usage.write += write;
      prompt += write;
      if (tool !== undefined) {
        const size = toolOutputChars(next);
        file.emit({
          type: 'user',
          message: {
            role: 'user',
            content: [{ tool_use_id: tool, type: 'tool_result', content: words(next, size) }],
          },
          parent_tool_use_id: null,
          session_id: sessionId,
        });
        prompt += Math.ceil(size / 4);
      }
    }
    file.emit({
      type: 'result',
      subtype: 'success',
      is_error: false,
      duration_ms: 480_000,
      num_turns: CALLS_PER_RUN,
      result: words(next, 200),
      session_id: sessionId,
      total_cost_usd: 12.5,
      usage: {
        input_tokens: usage.input,
        cache_creation_input_tokens: usage.write,
        cache_read_input_tokens: usage.read,
        output_tokens: usage.output,
      },
      modelUsage: {
        [model]: {
          inputTokens: usage.input,
          outputTokens: usage.output,
          cacheReadInputTokens: usage.read,
          cacheCreationInputTokens: usage.write,
          webSearchRequests: 0,
          costUSD: 12.4,
        },
        'claude-haiku-4-5-20251001': {
          inputTokens: 24_000,
          outputTokens: 1_800,
          cacheReadInputTokens: 0,
          cacheCreationInputTokens: 0,
          webSearchRequests: 0,
          costUSD: 0.1,
        },
      },
    });
    written += file.written;
    file.close();
  }
  return files;
}
