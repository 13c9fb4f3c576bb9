import fc from 'fast-check';
import { canonicalJson } from '../../src/state/json-guard.ts';
import { describe, expect, it } from 'vitest';
import {
  chooseStartupSource,
  hashDigest,
  OWN_HASHES_KEPT,
  OWN_HASHES_KEY,
  readOwnHashes,
  rememberOwnHash,
  decodeScenarioHash,
  encodeScenarioHash,
  fromBase64Url,
  hasScenarioInHash,
  MAX_HASH_CHARS,
  MAX_SCENARIO_BYTES,
  parseScenarioText,
  readStoredScenario,
  scenarioToJson,
  toBase64Url,
  writeStoredScenario,
  writeStoredString,
  readStoredString,
} from '../../src/state/persistence.ts';
import { DEFAULT_SCENARIO, type ScenarioData } from '../../src/model/scenario.ts';

const withGate = (patch: Partial<ScenarioData['gate']>): ScenarioData => ({
  ...DEFAULT_SCENARIO,
  gate: { ...DEFAULT_SCENARIO.gate, ...patch },
});

async function deflateToHash(text: string): Promise<string> {
  const bytes = new TextEncoder().encode(text);
  const stream = new ReadableStream<Uint8Array<ArrayBuffer>>({
    start(c) {
      c.enqueue(bytes);
      c.close();
    },
  }).pipeThrough(new CompressionStream('deflate-raw'));
  const out = new Uint8Array(await new Response(stream).arrayBuffer());
  return `#s=${toBase64Url(out)}`;
}

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    items,
  };
}

describe('base64url', () => {
  it('round-trips bytes, including every byte value', () => {
    const bytes = Uint8Array.from({ length: 256 }, (_, i) => i);
    const text = toBase64Url(bytes);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(fromBase64Url(text)).toEqual(bytes);
  });

  it('accepts the standard alphabet and percent-encoded padding from hand-made links', () => {
    const bytes = new Uint8Array([251, 255, 191]);
    expect(fromBase64Url('+/+/')).toEqual(bytes);
    expect(fromBase64Url('-_-_')).toEqual(bytes);
    expect(fromBase64Url('AQ%3D%3D')).toEqual(new Uint8Array([1]));
  });

  it.each(['@@@', 'abcde', 'a b', 'a.b', 'ab=c'])('rejects %j', (text) => {
    expect(fromBase64Url(text)).toBeNull();
  });
});

describe('scenario links', () => {
  it('round-trips the defaults through #s=', async () => {
    const hash = await encodeScenarioHash(DEFAULT_SCENARIO);
    expect(hash).toMatch(/^#s=[A-Za-z0-9_-]+$/);
    expect(await decodeScenarioHash(hash)).toEqual({ ok: true, data: DEFAULT_SCENARIO });
  });

  it('keeps the link short for the default scenario', async () => {
    const hash = await encodeScenarioHash(DEFAULT_SCENARIO);
    expect(hash.length).toBeLessThan(scenarioToJson(DEFAULT_SCENARIO).length / 2);
  });

  it('reads a hand-made #json= link and fills the rest from the defaults', async () => {
    const json = JSON.stringify({ v: 1, gate: { outputTokens: 12_345 } });
    const parsed = await decodeScenarioHash(`#json=${encodeURIComponent(json)}`);
    expect(parsed.ok).toBe(true);
    if (parsed.ok) {
      expect(parsed.data.gate.outputTokens).toBe(12_345);
      expect(parsed.data.gate.horizon).toBe(DEFAULT_SCENARIO.gate.horizon);
      expect(parsed.data.budget).toEqual(DEFAULT_SCENARIO.budget);
    }
  });

  it('accepts a hash without the leading #', async () => {
    const hash = await encodeScenarioHash(withGate({ horizon: 9 }));
    const parsed = await decodeScenarioHash(hash.slice(1));
    expect(parsed.ok && parsed.data.gate.horizon).toBe(9);
  });

  it.each([
    [
      'a field out of range',
      { v: 1, gate: { horizon: -1 } },
      'gate.horizon: must be 0 or more turns',
    ],
    ['a newer version', { v: 2 }, 'v: this scenario is from a newer version'],
    ['no version', { gate: {} }, 'v: missing version number'],
    ['a wrong type', { v: 1, budget: { rows: 'many' } }, 'budget.rows'],
  ])('names the field for %s', async (_name, value, message) => {
    for (const hash of [
      `#json=${encodeURIComponent(JSON.stringify(value))}`,
      await deflateToHash(JSON.stringify(value)),
    ]) {
      const parsed = await decodeScenarioHash(hash);
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) expect(parsed.error).toContain(message);
    }
  });

  it.each([
    ['damaged base64', '#s=abc$def', 'not base64url'],
    [
      'a code that is not compressed',
      `#s=${toBase64Url(new TextEncoder().encode('{"v":1}'))}`,
      'does not decompress',
    ],
    ['an empty code', '#s=', 'not base64url'],
    [
      'bytes that do not inflate',
      `#s=${toBase64Url(new Uint8Array([255, 1, 2, 3, 4]))}`,
      'does not decompress',
    ],
    ['bad percent-encoding', '#json=%E0%A4%A', 'percent-encoded'],
    ['not JSON', `#json=${encodeURIComponent('{v:1')}`, 'not valid JSON'],
    ['no scenario at all', '#report', 'no scenario in this link'],
  ])('refuses %s with a message', async (_name, hash, message) => {
    const parsed = await decodeScenarioHash(hash);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toContain(message);
  });

  it('refuses a truncated link', async () => {
    const hash = await encodeScenarioHash(DEFAULT_SCENARIO);
    const parsed = await decodeScenarioHash(hash.slice(0, Math.floor(hash.length / 2)));
    expect(parsed.ok).toBe(false);
  });

  it('refuses a link that inflates past the size cap (zip bomb)', async () => {
    const huge = `{"v":1,"gate":{"modelName":"${'x'.repeat(MAX_SCENARIO_BYTES + 10)}"}}`;
    const hash = await deflateToHash(huge);
    expect(hash.length).toBeLessThan(MAX_HASH_CHARS);
    const parsed = await decodeScenarioHash(hash);
    expect(parsed).toEqual({ ok: false, error: expect.stringContaining('larger than 2.0 MB') });
  });

  it('refuses an over-long hash without reading it', async () => {
    const parsed = await decodeScenarioHash(`#s=${'A'.repeat(MAX_HASH_CHARS)}`);
    expect(parsed).toEqual({ ok: false, error: expect.stringContaining('too long') });
  });

  it('tells link hashes from others', () => {
    expect(hasScenarioInHash('#s=abc')).toBe(true);
    expect(hasScenarioInHash('json=%7B%7D')).toBe(true);
    expect(hasScenarioInHash('#report')).toBe(false);
    expect(hasScenarioInHash('')).toBe(false);
  });
});

describe('light fuzzing (the 10,000-input suite lives elsewhere)', () => {
  it('never rejects, whatever the hash', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string(),
          fc.string().map((s) => `#s=${s}`),
          fc.base64String().map((s) => `#s=${s.replace(/\+/g, '-').replace(/\//g, '_')}`),
          fc.json().map((j) => `#json=${encodeURIComponent(j)}`),
        ),
        async (hash) => {
          const parsed = await decodeScenarioHash(hash);
          expect(typeof parsed.ok).toBe('boolean');
          if (!parsed.ok) expect(parsed.error).toMatch(/^[\w.[\]]+: /);
        },
      ),
      { numRuns: 150, seed: 6 },
    );
  });

  it('round-trips any valid gate inputs', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          outputTokens: fc.double({ min: 0, max: 1e9, noNaN: true }),
          horizon: fc.integer({ min: 0, max: 10_000 }),
          recallProbability: fc.double({ min: 0, max: 1, noNaN: true }),
          modelName: fc.string(),
        }),
        async (gate) => {
          const data = withGate(gate);
          expect(await decodeScenarioHash(await encodeScenarioHash(data))).toEqual({
            ok: true,
            data: JSON.parse(JSON.stringify(data)) as ScenarioData,
          });
        },
      ),
      { numRuns: 60, seed: 7 },
    );
  });

  it('never throws on pasted text', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json()), (text) => {
        const parsed = parseScenarioText(text);
        expect(typeof parsed.ok).toBe('boolean');
      }),
      { numRuns: 300, seed: 8 },
    );
  });
});

describe('pasted and imported text', () => {
  it('reads a full exported scenario', () => {
    expect(parseScenarioText(scenarioToJson(DEFAULT_SCENARIO, true))).toEqual({
      ok: true,
      data: DEFAULT_SCENARIO,
    });
  });

  it.each([
    ['empty text', '  ', 'empty'],
    ['broken JSON', '{"v": 1,', 'not valid JSON'],
    ['an array', '[1, 2]', 'expected a JSON object'],
    [
      'a bad model name',
      '{"v":1,"prices":{"rows":[{"model":"","provider":"x","input":1,"output":2}]}}',
      'prices.rows[0].model',
    ],
  ])('refuses %s', (_name, text, message) => {
    const parsed = parseScenarioText(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toContain(message);
  });

  it('refuses text over the size cap before parsing it', () => {
    const parsed = parseScenarioText(' '.repeat(MAX_SCENARIO_BYTES + 1));
    expect(parsed).toEqual({ ok: false, error: expect.stringContaining('too large') });
  });

  it('counts bytes, not characters, against the cap', () => {
    // 700,000 three-byte characters: 2.1 MB of UTF-8.
    const parsed = parseScenarioText(`"${'€'.repeat(700_000)}"`);
    expect(parsed).toEqual({ ok: false, error: expect.stringContaining('too large') });
  });
});

describe('local storage', () => {
  it('saves and restores a scenario', () => {
    const storage = memoryStorage();
    const data = withGate({ outputTokens: 777 });
    expect(writeStoredScenario(storage, data)).toBe(true);
    expect(readStoredScenario(storage)).toEqual({ ok: true, data });
  });

  it('gives null when nothing is saved or storage is missing', () => {
    expect(readStoredScenario(memoryStorage())).toBeNull();
    expect(readStoredScenario(null)).toBeNull();
  });

  it('reports a corrupt entry naming the field', () => {
    const storage = memoryStorage({ 'cce:scenario:v1': '{"v":1,"gate":{"horizon":"six"}}' });
    const parsed = readStoredScenario(storage);
    expect(parsed?.ok).toBe(false);
    if (parsed && !parsed.ok) expect(parsed.error).toMatch(/^gate\.horizon: /);
  });

  it('never throws when storage does', () => {
    const broken = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    };
    expect(readStoredScenario(broken)).toBeNull();
    expect(writeStoredScenario(broken, DEFAULT_SCENARIO)).toBe(false);
    expect(readStoredString(broken, 'k')).toBeNull();
    expect(writeStoredString(broken, 'k', 'v')).toBe(false);
    expect(writeStoredString(broken, 'k', null)).toBe(false);
  });
});

describe('chooseStartupSource', () => {
  const own = [hashDigest('#s=abc')];
  it.each([
    ['#s=abc', [], false, 'link'],
    ['#s=abc', [], true, 'link'],
    ['#s=abc', [hashDigest('#s=other')], true, 'link'],
    ['#s=abc', own, true, 'saved'],
    ['#s=abc', own, false, 'link'],
    ['', [], true, 'saved'],
    ['#main', [], false, 'defaults'],
    ['', [], false, 'defaults'],
  ] as const)('hash %j, own %j, saved %j → %s', (hash, ownDigests, saved, source) => {
    expect(chooseStartupSource(hash, ownDigests, saved)).toBe(source);
  });
});

describe("a tab's own hashes", () => {
  it('digests differ for different hashes and carry the length', () => {
    expect(hashDigest('#s=abc')).not.toBe(hashDigest('#s=abd'));
    expect(hashDigest('#s=abc')).toMatch(/^[0-9a-z]+\.6$/);
  });

  it('remembers the newest ones only, and only scenario hashes', () => {
    const storage = memoryStorage() as unknown as Storage;
    for (let i = 0; i < OWN_HASHES_KEPT + 5; i++) rememberOwnHash(storage, `#s=h${i}`);
    rememberOwnHash(storage, '#main');
    const own = readOwnHashes(storage);
    expect(own).toHaveLength(OWN_HASHES_KEPT);
    expect(own).toContain(hashDigest(`#s=h${OWN_HASHES_KEPT + 4}`));
    expect(own).not.toContain(hashDigest('#s=h0'));
  });

  it('reads a corrupt entry as none', () => {
    expect(readOwnHashes(memoryStorage({ [OWN_HASHES_KEY]: '{oops' }))).toEqual([]);
    expect(readOwnHashes(null)).toEqual([]);
  });
});

describe('models added to the baselines', () => {
  it('are optional: a link from before the field existed opens with none', () => {
    const parsed = parseScenarioText('{"v":1,"routing":{"preset":"support"}}');
    expect(parsed.ok).toBe(true);
    expect(parsed.ok && parsed.data.routing.baselineModels).toBeFalsy();
  });

  it('travel with the scenario, and an empty name is refused by its field', async () => {
    const data: ScenarioData = {
      ...DEFAULT_SCENARIO,
      routing: { ...DEFAULT_SCENARIO.routing, baselineModels: ['gpt-5', 'mistral/large'] },
    };
    const decoded = await decodeScenarioHash(await encodeScenarioHash(data));
    expect(decoded.ok && decoded.data.routing.baselineModels).toEqual(['gpt-5', 'mistral/large']);
    const refused = parseScenarioText('{"v":1,"routing":{"baselineModels":[""]}}');
    expect(refused).toEqual({
      ok: false,
      error: 'routing.baselineModels[0]: must name a model',
    });
  });

  it('are written as exactly the canonical JSON of the whole scenario', () => {
    const data: ScenarioData = {
      ...DEFAULT_SCENARIO,
      routing: { ...DEFAULT_SCENARIO.routing, baselineModels: ['gpt-5'] },
    };
    expect(scenarioToJson(data)).toBe(canonicalJson({ v: 1, ...data }));
    expect(JSON.parse(scenarioToJson(data))).toEqual({ v: 1, ...data });
  });
});
