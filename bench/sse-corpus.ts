/**
 * A generated Anthropic SSE corpus (the Messages API's `stream: true` body,
 * SPEC §13.5) for the trace-import benchmark: one file of many streams, as a
 * recording proxy saves them, deterministic from a seed. Each stream is a
 * `message_start`, a text block streamed as many small `text_delta` events,
 * now and then a tool_use block streamed as `input_json_delta`s, `ping`s,
 * the `message_delta` with the final usage and `message_stop`.
 */
import { random, words } from './bench-kit.ts';
import { openCorpusFile } from './corpus-file.ts';

const MB = 1024 * 1024;

/** Writes an SSE recording of about `megabytes` MB to `path`; returns `[path]`. */
export function generateSseStreams(path: string, megabytes: number): string[] {
  const next = random(20_261_204);
  const target = megabytes * MB;
  const file = openCorpusFile(path);
  const event = (name: string, data: unknown): void =>
    file.text(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
  let prompt = 8_000;
  for (let stream = 0; file.written < target; stream++) {
    const write = 200 + Math.floor(next() * 3000);
    const start = {
      input_tokens: 3,
      cache_creation_input_tokens: write,
      cache_read_input_tokens: prompt,
      cache_creation: { ephemeral_5m_input_tokens: write, ephemeral_1h_input_tokens: 0 },
      output_tokens: 1,
      service_tier: 'standard',
    };
    event('message_start', {
      type: 'message_start',
      message: {
        model: 'claude-sonnet-4-5-20250929',
        id: `msg_01Sse${stream.toString(36).padStart(8, '0')}`,
        type: 'message',
        role: 'assistant',
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: start,
      },
    });
    event('content_block_start', {
      type: 'content_block_start',
      index: 0,
      content_block: { type: 'text', text: '' },
    });
    event('ping', { type: 'ping' });
    const deltas = 20 + Math.floor(next() * 120);
    for (let i = 0; i < deltas; i++)
      event('content_block_delta', {
        type: 'content_block_delta',
        index: 0,
        delta: { type: 'text_delta', text: words(next, 8 + Math.floor(next() * 40)) },
      });
    event('content_block_stop', { type: 'content_block_stop', index: 0 });
    if (next() < 0.6) {
      event('content_block_start', {
        type: 'content_block_start',
        index: 1,
        content_block: {
          type: 'tool_use',
          id: `toolu_${stream.toString(36)}`,
          name: 'Read',
          input: {},
        },
      });
      for (const part of ['{"file_', 'path": "src/', 'checkout/total.ts"}'])
        event('content_block_delta', {
          type: 'content_block_delta',
          index: 1,
          delta: { type: 'input_json_delta', partial_json: part },
        });
      event('content_block_stop', { type: 'content_block_stop', index: 1 });
    }
    const output = deltas * 6 + Math.floor(next() * 50);
    event('message_delta', {
      type: 'message_delta',
      delta: { stop_reason: 'end_turn', stop_sequence: null },
      usage: {
        input_tokens: 3,
        cache_creation_input_tokens: write,
        cache_read_input_tokens: prompt,
        output_tokens: output,
      },
    });
    event('message_stop', { type: 'message_stop' });
    prompt += write;
    if (prompt > 180_000) prompt = 8_000;
  }
  file.close();
  return [path];
}
