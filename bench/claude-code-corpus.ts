/**
 * The generated Claude Code-shaped corpus both trace-import benchmarks read
 * (Node's bench/traces.bench.ts and the browser's
 * bench/traces-browser.bench.ts): deterministic from a seed, so every run
 * measures the same text. Calls are written as two to four lines (thinking,
 * text, tool_use blocks) with growing cache reads and 1-hour writes; tool
 * results of log-normal size; progress, summary and system lines between.
 */
import { closeSync, openSync, writeSync } from 'node:fs';
import { random, words } from './bench-kit.ts';

const MB = 1024 * 1024;

/**
 * Writes a Claude Code transcript of about `megabytes` MB to `path`, one
 * session per 400 calls, and returns the number of calls.
 */
export function generateTranscript(path: string, megabytes: number): number {
  const next = random(20_261_201);
  const fd = openSync(path, 'w');
  const target = megabytes * MB;
  let written = 0;
  let calls = 0;
  let at = Date.UTC(2026, 2, 2, 9, 0, 0);
  let session = '';
  let prompt = 0;
  let pending: string | undefined;
  const emit = (record: unknown): void => {
    const line = `${JSON.stringify(record)}\n`;
    written += Buffer.byteLength(line);
    writeSync(fd, line);
  };
  while (written < target) {
    if (calls % 400 === 0) {
      session = `5b0d6c1e-8f3a-4c2d-9e71-${String(calls).padStart(12, '0')}`;
      prompt = 12_000;
      emit({ type: 'summary', summary: 'Refactor the checkout flow', leafUuid: `leaf-${calls}` });
    }
    const base = {
      parentUuid: null,
      isSidechain: false,
      userType: 'external',
      cwd: '/home/dev/projects/shop',
      sessionId: session,
      version: '2.1.39',
      gitBranch: 'main',
    };
    const stamp = (): string => new Date((at += 50 + Math.floor(next() * 3000))).toISOString();
    if (pending === undefined) {
      emit({
        ...base,
        type: 'user',
        uuid: `u-${calls}`,
        timestamp: stamp(),
        message: { role: 'user', content: words(next, 120) },
      });
    } else {
      // A tool result of log-normal size (median about 2,000 characters).
      const size = Math.min(
        60_000,
        Math.round(2000 * Math.exp(1.1 * (next() + next() + next() - 1.5) * 1.4)),
      );
      emit({
        ...base,
        type: 'user',
        uuid: `r-${calls}`,
        timestamp: stamp(),
        message: {
          role: 'user',
          content: [
            {
              tool_use_id: pending,
              type: 'tool_result',
              content: words(next, size),
              is_error: false,
            },
          ],
        },
      });
      prompt += Math.ceil(size / 4);
    }
    emit({
      ...base,
      type: 'progress',
      uuid: `p-${calls}`,
      timestamp: stamp(),
      data: { type: 'hook_progress', hookEvent: 'PreToolUse' },
    });
    const model =
      next() < 0.08
        ? 'claude-haiku-4-5-20251001'
        : next() < 0.3
          ? 'claude-sonnet-4-5-20250929'
          : 'claude-opus-4-6';
    const id = `msg_${calls.toString(36)}`;
    const write = 200 + Math.floor(next() * 3000);
    const blocks: unknown[] = [
      { type: 'thinking', thinking: words(next, 200), signature: 'c2ln' },
      { type: 'text', text: words(next, 80) },
    ];
    pending = next() < 0.8 ? `toolu_${calls.toString(36)}` : undefined;
    if (pending !== undefined)
      blocks.push({ type: 'tool_use', id: pending, name: 'Read', input: { path: 'src/app.ts' } });
    const finalOutput = 20 + Math.floor(next() * 900);
    blocks.forEach((block, i) => {
      emit({
        ...base,
        type: 'assistant',
        uuid: `a-${calls}-${i}`,
        timestamp: stamp(),
        message: {
          model,
          id,
          type: 'message',
          role: 'assistant',
          content: [block],
          stop_reason: null,
          stop_sequence: null,
          usage: {
            input_tokens: 3,
            cache_creation_input_tokens: write,
            cache_read_input_tokens: prompt,
            cache_creation: { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: write },
            output_tokens: i === blocks.length - 1 ? finalOutput : 1 + i * 5,
            service_tier: 'standard',
          },
        },
        requestId: `req_${calls.toString(36)}`,
      });
    });
    if (next() < 0.05)
      emit({
        ...base,
        type: 'system',
        subtype: 'turn_duration',
        uuid: `s-${calls}`,
        timestamp: stamp(),
        durationMs: 4200,
      });
    prompt += write;
    calls += 1;
  }
  closeSync(fd);
  return calls;
}
