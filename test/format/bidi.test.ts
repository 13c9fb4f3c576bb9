import { describe, expect, it } from 'vitest';
import { isolatedName, moveWords } from '../../src/format/bidi.ts';

const FSI = '\u2068';
const PDI = '\u2069';

describe('isolatedName', () => {
  it('keeps a name without right-to-left letters or direction controls as written', () => {
    for (const name of ['claude-sonnet-4-5', 'gpt-4.1-nano', 'ft:gpt-4o:acme:x', 'モデル', 'é', ''])
      expect(isolatedName(name)).toBe(name);
  });

  it('isolates right-to-left letters and every direction control', () => {
    for (const name of [
      'מודל',
      'نموذج-1',
      'gpt\u202e-evil',
      'a\u202bb',
      'a\u2066b',
      'a\u2069',
      'a\u200fb',
      'a\u061cb',
      'x\u{10900}',
      'x\u{1e900}',
    ])
      expect(isolatedName(name)).toBe(`${FSI}${name}${PDI}`);
  });

  it('writes a move with each side isolated on its own', () => {
    expect(moveWords({ from: 'a\u202e', to: 'claude-haiku-4-5' })).toBe(
      `${FSI}a\u202e${PDI} → claude-haiku-4-5`,
    );
  });
});
