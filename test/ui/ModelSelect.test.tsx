import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import fc from 'fast-check';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FILTER_FROM, ModelSelect, narrowModels } from '../../src/ui/ModelSelect.tsx';

// A price file's worth of names: providers, families and dated versions.
const PROVIDERS = ['', 'bedrock/', 'vertex_ai/', 'azure/', 'openrouter/anthropic/'];
const FAMILIES = ['claude-sonnet-4-5', 'claude-haiku-4-5', 'gpt-4.1-mini', 'gemini-2.5-pro'];
const MANY = PROVIDERS.flatMap((p) =>
  FAMILIES.flatMap((f) => Array.from({ length: 110 }, (_, i) => `${p}${f}-v${i}`)),
);

function Chooser({ options, initial }: { options: readonly string[]; initial: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <label htmlFor="m">Model</label>
      <ModelSelect id="m" value={value} options={options} onChange={setValue} />
      <p data-testid="chosen">{value}</p>
    </>
  );
}

describe('narrowModels', () => {
  it('keeps the models holding every word, in order, and always the chosen one', () => {
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^[a-z0-9./-]{1,12}$/), { maxLength: 30 }),
        fc.array(fc.stringMatching(/^[a-z0-9.-]{1,3}$/), { maxLength: 3 }),
        fc.option(fc.stringMatching(/^[a-z]{1,6}$/), { nil: undefined }),
        (models, words, keep) => {
          const shown = narrowModels(models, words.join('  '), keep);
          const hits = models.filter((m) => words.every((w) => m.includes(w)));
          if (words.length === 0) expect(shown).toBe(models);
          else if (keep === undefined || hits.includes(keep)) expect(shown).toEqual(hits);
          else expect(shown).toEqual([keep, ...hits]);
        },
      ),
    );
  });

  it('ignores case', () => {
    expect(narrowModels(['Claude-Sonnet', 'gpt-4o'], 'SONNET', undefined)).toEqual([
      'Claude-Sonnet',
    ]);
  });
});

describe('ModelSelect', () => {
  it('is a plain select below the threshold', () => {
    const models = MANY.slice(0, FILTER_FROM - 1);
    render(<Chooser options={models} initial={models[0]!} />);
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(within(screen.getByLabelText('Model')).getAllByRole('option')).toHaveLength(
      models.length,
    );
  });

  it('narrows a price file of 2,200 models to what the filter names, keeping the choice', async () => {
    const user = userEvent.setup();
    const chosen = 'azure/gpt-4.1-mini-v3';
    render(<Chooser options={MANY} initial={chosen} />);
    const select = screen.getByLabelText('Model');
    expect(within(select).getAllByRole('option')).toHaveLength(MANY.length);

    await user.type(
      screen.getByRole('searchbox', { name: 'Filter the models' }),
      'bedrock haiku v10',
    );
    const shown = within(select)
      .getAllByRole('option')
      .map((o) => o.textContent);
    // The chosen model stays first, then bedrock's haiku v10, v100–v109.
    expect(shown).toEqual([
      chosen,
      'bedrock/claude-haiku-4-5-v10',
      ...Array.from({ length: 10 }, (_, i) => `bedrock/claude-haiku-4-5-v10${i}`),
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('11 of 2,200 models match.');
    expect(screen.getByTestId('chosen')).toHaveTextContent(chosen);

    await user.selectOptions(select, 'bedrock/claude-haiku-4-5-v104');
    expect(screen.getByTestId('chosen')).toHaveTextContent('bedrock/claude-haiku-4-5-v104');
  });

  it('says when nothing matches and keeps the choice selectable', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<ModelSelect ariaLabel="Model" value={MANY[0]!} options={MANY} onChange={onChange} />);
    await user.type(screen.getByRole('searchbox'), 'no-such-model');
    expect(screen.getByRole('status')).toHaveTextContent(
      'No model matches “no-such-model”; the choice is kept.',
    );
    expect(within(screen.getByLabelText('Model')).getAllByRole('option')).toHaveLength(1);
    expect(onChange).not.toHaveBeenCalled();
  });
});
