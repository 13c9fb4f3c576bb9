// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { modelsShown } from '../../../src/features/traffic/models-shown.ts';

const models = Array.from({ length: 30 }, (_, i) => ({ name: `model-${i}`, calls: 100 - i }));
const nameOf = (m: { name: string }) => m.name;
const names = (view: { shown: readonly { name: string }[] }) => view.shown.map(nameOf);

describe('modelsShown', () => {
  it('shows a short list whole, with no filter', () => {
    const view = modelsShown(models.slice(0, 5), nameOf, 'zzz', 5);
    expect(view).toEqual({
      shown: models.slice(0, 5),
      long: false,
      others: 0,
      otherCalls: 0,
      matching: 5,
    });
  });

  it('shows the first models of a long list and counts the rest, calls included', () => {
    const view = modelsShown(models, nameOf, '', 10);
    expect(names(view)).toEqual(models.slice(0, 10).map(nameOf));
    const rest = models.slice(10).reduce((n, m) => n + m.calls, 0);
    expect(view).toMatchObject({ long: true, others: 20, otherCalls: rest, matching: 30 });
  });

  it('narrows to the names holding every word, in order, up to the limit', () => {
    const view = modelsShown(models, nameOf, 'MODEL-2', 3);
    expect(names(view)).toEqual(['model-2', 'model-20', 'model-21']);
    expect(view.matching).toBe(11);
    expect(view.others).toBe(27);
  });

  it('always keeps the names asked for, past the limit and outside the query', () => {
    const view = modelsShown(models, nameOf, 'model-1', 2, new Set(['model-29', 'model-1']));
    expect(names(view)).toEqual(['model-1', 'model-10', 'model-11', 'model-29']);
    expect(view.others).toBe(26);
    expect(view.shown.length + view.others).toBe(models.length);
  });

  it('shows nothing but what is kept when nothing matches', () => {
    const view = modelsShown(models, nameOf, 'no such', 5, new Set(['model-3']));
    expect(names(view)).toEqual(['model-3']);
    expect(view.matching).toBe(0);
  });
});
