// A generated Claude Code transcript of about `targetBytes`: sessions of
// growing prompts, each call written as two lines (a partial and a final
// `output_tokens`), with a tool result between calls, as real transcripts are.

/** The JSONL text of a generated Claude Code transcript. */
export function generateClaudeCodeTrace(targetBytes: number): string {
  const lines: string[] = [];
  let bytes = 0;
  const start = Date.parse('2026-04-01T09:00:00Z');
  const filler = 'x'.repeat(600);
  for (let session = 0; bytes < targetBytes; session += 1) {
    const sessionId = `00000000-0000-4000-8000-${String(session).padStart(12, '0')}`;
    let prompt = 10_000;
    for (let call = 0; call < 40 && bytes < targetBytes; call += 1) {
      const at = new Date(start + session * 3_600_000 + call * 20_000).toISOString();
      const id = `msg_${session}_${call}`;
      const usage = (output: number) => ({
        input_tokens: 3,
        cache_read_input_tokens: call === 0 ? 0 : prompt - 1_500,
        cache_creation_input_tokens: call === 0 ? prompt : 1_500,
        output_tokens: output,
      });
      for (const output of [2, 180 + call]) {
        const line = JSON.stringify({
          type: 'assistant',
          sessionId,
          isSidechain: false,
          uuid: `${id}-${output}`,
          timestamp: at,
          requestId: `req_${session}_${call}`,
          message: {
            model: 'claude-sonnet-4-5',
            id,
            type: 'message',
            role: 'assistant',
            content: [{ type: 'text', text: filler }],
            usage: usage(output),
          },
        });
        lines.push(line);
        bytes += line.length + 1;
      }
      const result = JSON.stringify({
        type: 'user',
        sessionId,
        timestamp: at,
        message: {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: `tool_${session}_${call}`, content: filler },
          ],
        },
      });
      lines.push(result);
      bytes += result.length + 1;
      prompt += 1_500;
    }
  }
  return `${lines.join('\n')}\n`;
}
