import { describe, expect, it } from 'vitest';
import {
  choiceText,
  givesUpWords,
  planChoiceOf,
  planTargets,
  proposedSetting,
  REPLAY_CANNOT_KNOW,
  shareWords,
  targetOf,
  type ReplayPlanChoice,
} from '../../src/domain/traffic-replay.ts';
import { DEFAULT_REPLAY_CHOICE } from '../../src/model/traffic.ts';

const map = (moves: [string, string][], ttlSeconds: 300 | 3600 = 300): ReplayPlanChoice => ({
  model: { kind: 'map', mapping: moves.map(([from, to]) => ({ from, to })) },
  ttlSeconds,
});

const SEEN = [
  { model: 'claude-opus-4-6', priced: true, calls: 31 },
  { model: 'claude-haiku-4-5', priced: true, calls: 60 },
  { model: 'claude-sonnet-4-5', priced: true, calls: 9 },
];

describe('choiceText', () => {
  it.each([
    [
      map([['claude-opus-4-6', 'claude-sonnet-4-5']], 3600),
      'claude-opus-4-6 → claude-sonnet-4-5, 1-hour TTL',
    ],
    [map([['claude-haiku-4-5', 'claude-haiku-4-5']]), 'each call on its own model, 5-minute TTL'],
    [
      { model: { kind: 'one', model: 'gpt-5' }, ttlSeconds: 300 } as const,
      'every call on gpt-5, 5-minute TTL',
    ],
    [
      map([
        ['a', 'b'],
        ['c', 'd'],
      ]),
      'a → b, c → d, 5-minute TTL',
    ],
  ])('%j reads %s', (choice, words) => {
    expect(choiceText(choice)).toBe(words);
  });

  it('reads the scenario default as the traffic ran: every call on its own model and TTL', () => {
    expect(choiceText(planChoiceOf(DEFAULT_REPLAY_CHOICE))).toBe(
      "each call on its own model, each conversation's TTL as it ran",
    );
    expect(choiceText(planChoiceOf({ ...DEFAULT_REPLAY_CHOICE, ttl: 'fiveMinutes' }))).toBe(
      'each call on its own model, 5-minute TTL',
    );
  });
});

describe('targetOf', () => {
  it('sends an unlisted model to itself and every model to the one model', () => {
    const choice = map([['claude-opus-4-6', 'claude-sonnet-4-5']]);
    expect(targetOf(choice, 'claude-opus-4-6')).toBe('claude-sonnet-4-5');
    expect(targetOf(choice, 'claude-haiku-4-5')).toBe('claude-haiku-4-5');
    expect(targetOf({ model: { kind: 'one', model: 'x' }, ttlSeconds: 300 }, 'y')).toBe('x');
  });
});

describe('shareWords', () => {
  it.each([
    [31, 100, '31 %'],
    [1, 3, '33 %'],
    [1, 1_000, 'under 1 %'],
    [999, 1_000, 'over 99 %'],
    [0, 10, '0 %'],
    [10, 10, '100 %'],
    [0, 0, '0 %'],
  ])('%i of %i calls is %s', (calls, total, words) => {
    expect(shareWords(calls, total)).toBe(words);
  });
});

describe('givesUpWords', () => {
  const ttl = { conversations: 10, oneHourConversations: 0 };

  it('names every model moved with its share of calls, the largest first', () => {
    const words = givesUpWords(
      map([
        ['claude-sonnet-4-5', 'claude-haiku-4-5'],
        ['claude-opus-4-6', 'claude-sonnet-4-5'],
      ]),
      SEEN,
      ttl,
    );
    expect(words.slice(0, 2)).toEqual([
      'moves the 31 % of calls that ran on claude-opus-4-6 to claude-sonnet-4-5',
      'moves the 9 % of calls that ran on claude-sonnet-4-5 to claude-haiku-4-5',
    ]);
  });

  it('says when nothing moves, and what each TTL costs', () => {
    const stay = givesUpWords(map([]), SEEN, ttl);
    expect(stay[0]).toBe('keeps every call on the model it ran on');
    expect(stay[1]).toMatch(/^keeps the 5-minute cache/);
    const drop = givesUpWords(map([]), SEEN, { conversations: 10, oneHourConversations: 4 });
    expect(drop[1]).toMatch(/^drops the 1-hour cache that 4 of 10 conversations used/);
    const hour = givesUpWords(map([], 3600), SEEN, { conversations: 10, oneHourConversations: 4 });
    expect(hour[1]).toMatch(/in the 6 of 10 conversations that ran on 5 minutes$/);
  });

  it('moves every model but the target itself when every call goes to one model', () => {
    const words = givesUpWords(
      { model: { kind: 'one', model: 'claude-haiku-4-5' }, ttlSeconds: 300 },
      SEEN,
      ttl,
    );
    expect(words.filter((w) => w.startsWith('moves'))).toHaveLength(2);
    expect(words.some((w) => w.includes('ran on claude-haiku-4-5'))).toBe(false);
  });
});

describe('REPLAY_CANNOT_KNOW', () => {
  it('starts with the outputs a different model would have written', () => {
    expect(REPLAY_CANNOT_KNOW[0]).toMatch(
      /^A different model would have written different outputs; the replay keeps the logged ones/,
    );
  });
});

describe('proposedSetting', () => {
  const ranked = [{ totalUsd: 8 }, { totalUsd: 9 }];
  it('proposes the cheapest setting when it bills less than the traffic did', () => {
    expect(proposedSetting({ ranked, asBilledUsd: 10 })).toBe(ranked[0]);
  });
  it('proposes nothing when the cheapest bills as much or more, or there is none', () => {
    expect(proposedSetting({ ranked, asBilledUsd: 8 })).toBeUndefined();
    expect(proposedSetting({ ranked: [], asBilledUsd: 10 })).toBeUndefined();
  });
});

describe('planTargets', () => {
  it('names the model every call moves to, or each real move of a mapping', () => {
    expect(planTargets({ model: { kind: 'one', model: 'm' }, ttlSeconds: 300 })).toEqual(['m']);
    expect(
      planTargets({
        model: {
          kind: 'map',
          mapping: [
            { from: 'a', to: 'b' },
            { from: 'c', to: 'c' },
          ],
        },
        ttlSeconds: null,
      }),
    ).toEqual(['b']);
  });
});
