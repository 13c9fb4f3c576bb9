/**
 * The hand-made trace fixtures of test/fixtures/traces/, read as a browser
 * would get them (UTF-8 text), with their paths as names.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const TRACES = resolve(import.meta.dirname, '..', '..', 'fixtures', 'traces');

export const SESSION = '11111111-2222-4333-8444-555555555555';
export const MAIN_TRANSCRIPT = `claude-code/projects/-home-dev-shop/${SESSION}.jsonl`;
export const SUBAGENT_TRANSCRIPT = `claude-code/projects/-home-dev-shop/${SESSION}/subagents/agent-a1b2.jsonl`;

/** A fixture as `{ name, text }`. */
export function fixture(name: string): { name: string; text: string } {
  return { name, text: readFileSync(join(TRACES, name), 'utf8') };
}

/** Every fixture file, by name. */
export const ALL_FIXTURES = [
  MAIN_TRANSCRIPT,
  SUBAGENT_TRANSCRIPT,
  'claude-code/messy.jsonl',
  'anthropic-messages.jsonl',
  'openai-chat.jsonl',
  'openai-responses.jsonl',
  'otlp-genai.json',
  'litellm-spend.json',
  'litellm-spend.csv',
  'langfuse-observations.json',
  'binary.bin',
  'empty.jsonl',
  'blank.jsonl',
] as const;
