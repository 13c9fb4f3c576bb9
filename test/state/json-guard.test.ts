import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '../../src/core/limits.ts';
import { canonicalJson, guardJsonText, jsonDepth, valueDepth } from '../../src/state/json-guard.ts';
import { parseScenario } from '../../src/state/scenario-schema.ts';
import { parseScenarioText } from '../../src/state/persistence.ts';

describe('json guard', () => {
  it('measures nesting outside strings', () => {
    expect(jsonDepth('{"a":[1,{"b":"[[[[{{{"}]}')).toBe(3);
    expect(jsonDepth('"\\"[["')).toBe(0);
    expect(valueDepth({ a: [1, { b: 2 }] })).toBe(3);
  });

  it('refuses deep text before parsing, and parsing never throws at any depth', () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    expect(guardJsonText(deep, 'scenario')).toEqual({
      ok: false,
      error: expect.stringContaining('nested too deeply'),
    });
    let strategy: unknown = { kind: 'none' };
    for (let i = 0; i < 5_000; i++) strategy = { kind: 'sticky', inner: strategy, ttlSeconds: 1 };
    const value = { v: 1, routing: { scenario: { strategy } } };
    expect(parseScenario(value)).toEqual({
      ok: false,
      error: expect.stringContaining('nested too deeply'),
    });
    expect(parseScenarioText(JSON.stringify(value)).ok).toBe(false);
  });

  it('accepts every depth up to the limit the scenario needs', () => {
    const text = `${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`;
    expect(guardJsonText(text, 'x')).toEqual({ ok: true });
  });

  it('writes one text per state, whatever the key order', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (object) => {
        const reversed = Object.fromEntries(Object.entries(object).reverse());
        expect(canonicalJson(reversed)).toBe(canonicalJson(object));
        expect(JSON.parse(canonicalJson(object))).toEqual(JSON.parse(JSON.stringify(object)));
      }),
      { seed: 5, numRuns: 300 },
    );
    expect(canonicalJson({ b: 1, v: 1, a: 2 })).toBe('{"v":1,"a":2,"b":1}');
  });
});
