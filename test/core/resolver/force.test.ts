// @vitest-environment node
/** The refuse-to-force-under-thinking contract (seed 001 §7; SPEC §4). */
import { describe, expect, it } from 'vitest';
import { supportsForcedToolChoice } from '../../../src/core/resolver/force.ts';

describe('supportsForcedToolChoice', () => {
  it.each<[string, boolean, string, boolean]>([
    ['claude-opus-4-5', true, 'anthropic', false],
    ['claude-opus-4-5', false, 'anthropic', true],
    ['gpt-5', true, 'openai', true],
    ['gpt-5', false, 'openai', true],
    ['gemini-2.5-pro', true, 'google', true],
    ['custom', true, 'unknown', true],
  ])('%s with thinking %s on %s: %s', (model, thinking, provider, supported) => {
    expect(supportsForcedToolChoice({ model, thinking }, provider)).toBe(supported);
  });
});
