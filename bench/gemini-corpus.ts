/**
 * A generated Gemini CLI corpus (`~/.gemini/tmp/<project>/chats/*.json`,
 * SPEC §13.5) for the trace-import benchmark: one pretty-printed JSON
 * document per session, as Gemini CLI writes them, deterministic from a
 * seed. Each turn is a user message and a `gemini` message with its
 * thoughts, a tool call whose result is of log-normal size, and its token
 * counts.
 */
import { join } from 'node:path';
import { random, toolOutputChars, words } from './bench-kit.ts';
import { openCorpusFile } from './corpus-file.ts';

const MB = 1024 * 1024;
const CALLS_PER_SESSION = 150;

/** Writes Gemini CLI sessions of about `megabytes` MB in all under `dir`; returns their paths. */
export function generateGeminiSessions(dir: string, megabytes: number): string[] {
  const next = random(20_261_205);
  const target = megabytes * MB;
  const files: string[] = [];
  let written = 0;
  let at = Date.UTC(2026, 2, 2, 9, 0, 0);
  const stamp = (): string => new Date((at += 50 + Math.floor(next() * 4000))).toISOString();
  for (let session = 0; written < target; session++) {
    const sessionId = `7c1e2d3f-4a5b-4c6d-8e7f-${String(session).padStart(12, '0')}`;
    const startTime = stamp();
    const messages: unknown[] = [];
    let prompt = 9_000;
    for (let call = 0; call < CALLS_PER_SESSION; call++) {
      messages.push({
        id: `u-${session}-${call}`,
        timestamp: stamp(),
        type: 'user',
        content: words(next, 160),
      });
      const size = toolOutputChars(next);
      const cached = Math.floor(prompt * (0.5 + 0.4 * next()));
      const output = 30 + Math.floor(next() * 1200);
      const thoughts = Math.floor(next() * 800);
      const tool = Math.floor(next() * 200);
      messages.push({
        id: `g-${session}-${call}`,
        timestamp: stamp(),
        type: 'gemini',
        content: words(next, 400),
        thoughts: [{ subject: words(next, 30), description: words(next, 300), timestamp: stamp() }],
        toolCalls: [
          {
            id: `read_file-${session}-${call}`,
            name: 'read_file',
            args: { absolute_path: '/home/dev/projects/shop/src/app.ts' },
            result: [
              {
                functionResponse: {
                  id: `read_file-${session}-${call}`,
                  name: 'read_file',
                  response: { output: words(next, size) },
                },
              },
            ],
            status: 'success',
            timestamp: stamp(),
            displayName: 'ReadFile',
            description: 'Reads a file',
            resultDisplay: '',
          },
        ],
        tokens: {
          input: prompt,
          output,
          cached,
          thoughts,
          tool,
          total: prompt + output + thoughts + tool,
        },
        model: next() < 0.2 ? 'gemini-2.5-flash' : 'gemini-2.5-pro',
      });
      prompt += output + Math.ceil(size / 4);
      if (prompt > 500_000) prompt = 20_000;
    }
    const path = join(
      dir,
      'tmp',
      '9f2c4e1a7b',
      'chats',
      `session-${String(session).padStart(4, '0')}.json`,
    );
    files.push(path);
    const file = openCorpusFile(path);
    file.text(
      JSON.stringify(
        { sessionId, projectHash: '9f2c4e1a7b', startTime, lastUpdated: stamp(), messages },
        null,
        2,
      ),
    );
    written += file.written;
    file.close();
  }
  return files;
}
