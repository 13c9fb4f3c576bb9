/**
 * A generated Codex CLI rollout corpus (SPEC §13.5) for the trace-import
 * benchmark: one `rollout-*.jsonl` file per session under
 * `sessions/YYYY/MM/DD/`, as `~/.codex` holds them, deterministic from a
 * seed. Each turn is a `turn_context`, a rate-limit `token_count` with
 * `info: null`, the user's message, then one to four model calls, each
 * written as a reasoning item (encrypted, 1–4 KB), a shell `function_call`
 * and its output (log-normal, median about 2,000 characters) and its
 * `token_count` twice; now and then a `web_search_call`; the turn ends with
 * the agent's message. A prompt past 250,000 tokens is compacted.
 */
import { join } from 'node:path';
import { random, toolOutputChars, words } from './bench-kit.ts';
import { openCorpusFile } from './corpus-file.ts';

const MB = 1024 * 1024;
const CALLS_PER_SESSION = 150;
const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

function base64ish(next: () => number, chars: number): string {
  let text = '';
  for (let i = 0; i < chars; i++) text += BASE64[Math.floor(next() * 64)];
  return text;
}

interface Usage {
  input_tokens: number;
  cached_input_tokens: number;
  output_tokens: number;
  reasoning_output_tokens: number;
  total_tokens: number;
}

/**
 * Writes Codex rollouts of about `megabytes` MB in all under `dir`, one
 * session per 150 calls, and returns the files' paths in the order written.
 */
export function generateCodexRollouts(dir: string, megabytes: number): string[] {
  const next = random(20_261_202);
  const target = megabytes * MB;
  const files: string[] = [];
  let written = 0;
  let at = Date.UTC(2026, 2, 2, 9, 0, 0);
  const stamp = (): string => new Date((at += 20 + Math.floor(next() * 2000))).toISOString();
  for (let session = 0; written < target; session++) {
    const id = `019c${session.toString(16).padStart(4, '0')}-5b0d-7c1e-8f3a-4c2d9e710000`;
    const day = new Date(at).toISOString().slice(0, 10);
    const path = join(
      dir,
      'sessions',
      ...day.split('-'),
      `rollout-${new Date(at).toISOString().slice(0, 19).replaceAll(':', '-')}-${id}.jsonl`,
    );
    files.push(path);
    const file = openCorpusFile(path);
    const cwd = '/home/dev/projects/shop';
    file.emit({
      timestamp: stamp(),
      type: 'session_meta',
      payload: {
        id,
        timestamp: new Date(at).toISOString(),
        cwd,
        originator: 'codex_cli_rs',
        cli_version: '0.104.0',
        instructions: null,
        source: 'cli',
        model_provider: 'openai',
        git: {
          commit_hash: '0000000000000000000000000000000000000000',
          branch: 'main',
          repository_url: 'https://example.invalid/shop.git',
        },
      },
    });
    const totals: Usage = {
      input_tokens: 0,
      cached_input_tokens: 0,
      output_tokens: 0,
      reasoning_output_tokens: 0,
      total_tokens: 0,
    };
    let prompt = 9_000;
    let calls = 0;
    while (calls < CALLS_PER_SESSION) {
      const model = next() < 0.15 ? 'gpt-5-mini' : 'gpt-5';
      file.emit({
        timestamp: stamp(),
        type: 'turn_context',
        payload: {
          cwd,
          approval_policy: 'on-request',
          sandbox_policy: { mode: 'workspace-write', network_access: false },
          model,
          effort: 'medium',
          summary: 'auto',
        },
      });
      file.emit({
        timestamp: stamp(),
        type: 'event_msg',
        payload: {
          type: 'token_count',
          info: null,
          rate_limits: { primary: { used_percent: 3, window_minutes: 300 }, secondary: null },
        },
      });
      const ask = words(next, 160);
      file.emit({
        timestamp: stamp(),
        type: 'response_item',
        payload: { type: 'message', role: 'user', content: [{ type: 'input_text', text: ask }] },
      });
      file.emit({
        timestamp: stamp(),
        type: 'event_msg',
        payload: { type: 'user_message', message: ask, kind: 'plain' },
      });
      const steps = 1 + Math.floor(next() * 4);
      for (let step = 0; step < steps; step++) {
        file.emit({
          timestamp: stamp(),
          type: 'response_item',
          payload: {
            type: 'reasoning',
            summary: [{ type: 'summary_text', text: `**${words(next, 40)}**` }],
            content: null,
            encrypted_content: base64ish(next, 1000 + Math.floor(next() * 3000)),
          },
        });
        if (next() < 0.05)
          file.emit({
            timestamp: stamp(),
            type: 'response_item',
            payload: {
              type: 'web_search_call',
              status: 'completed',
              action: { type: 'search', query: words(next, 40) },
            },
          });
        const callId = `call_${session.toString(36)}_${calls.toString(36)}`;
        file.emit({
          timestamp: stamp(),
          type: 'response_item',
          payload: {
            type: 'function_call',
            name: 'shell',
            arguments: JSON.stringify({
              command: ['bash', '-lc', `rg -n "${words(next, 20).trim()}" src`],
              workdir: cwd,
            }),
            call_id: callId,
          },
        });
        const outputChars = toolOutputChars(next);
        file.emit({
          timestamp: stamp(),
          type: 'response_item',
          payload: {
            type: 'function_call_output',
            call_id: callId,
            output: JSON.stringify({
              output: words(next, outputChars),
              metadata: { exit_code: 0, duration_seconds: 0.2 },
            }),
          },
        });
        const output = 30 + Math.floor(next() * 1500);
        const last: Usage = {
          input_tokens: prompt,
          cached_input_tokens: Math.floor((prompt * (0.6 + 0.35 * next())) / 256) * 256,
          output_tokens: output,
          reasoning_output_tokens: Math.floor(output * next()),
          total_tokens: prompt + output,
        };
        for (const key of Object.keys(totals) as (keyof Usage)[]) totals[key] += last[key];
        const payload = {
          type: 'token_count',
          info: {
            total_token_usage: { ...totals },
            last_token_usage: last,
            model_context_window: 258400,
          },
          rate_limits: { primary: { used_percent: 4, window_minutes: 300 }, secondary: null },
        };
        // Codex writes each call's token_count twice.
        file.emit({ timestamp: stamp(), type: 'event_msg', payload });
        file.emit({ timestamp: stamp(), type: 'event_msg', payload });
        prompt += output + Math.ceil(outputChars / 4);
        calls += 1;
        if (prompt > 250_000) {
          // Codex compacts a long conversation: a summary line, and a short prompt again.
          file.emit({
            timestamp: stamp(),
            type: 'compacted',
            payload: { message: words(next, 2000) },
          });
          prompt = 40_000;
        }
      }
      const answer = words(next, 300);
      file.emit({
        timestamp: stamp(),
        type: 'event_msg',
        payload: { type: 'agent_message', message: answer },
      });
      file.emit({
        timestamp: stamp(),
        type: 'response_item',
        payload: {
          type: 'message',
          role: 'assistant',
          content: [{ type: 'output_text', text: answer }],
        },
      });
    }
    written += file.written;
    file.close();
  }
  return files;
}
